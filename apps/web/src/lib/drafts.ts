/**
 * Drafts of forms kept in localStorage until they are sent (the letter request's, per type and
 * user: features/letters/draft.ts). They hold personal data on what may be a shared phone, so
 * signing out removes every one of them.
 */
export const DRAFT_PREFIX = 'balai.draft.';

/** Removes every draft of every user from this browser. */
export function clearDrafts() {
  try {
    for (let i = window.localStorage.length - 1; i >= 0; i--) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(DRAFT_PREFIX)) window.localStorage.removeItem(key);
    }
  } catch {
    // No storage: nothing was kept.
  }
}
