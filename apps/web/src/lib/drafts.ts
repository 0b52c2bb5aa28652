/**
 * Drafts of forms kept in localStorage until they are sent (the letter request's, per type and
 * user: features/letters/draft.ts). They hold personal data on what may be a shared phone, so
 * signing out removes every one of them.
 */
export const DRAFT_PREFIX = 'balai.draft.';

/**
 * What a signed-in user leaves in this tab's sessionStorage under this prefix (the signer's
 * viewed previews, features/signing/components/viewed-previews.ts); the session token has its
 * own key and its own clearing (session-token.ts).
 */
export const TAB_PREFIX = 'balai.';

/** Removes everything the app kept in this tab's sessionStorage for the signed-in user. */
export function clearTabStorage() {
  try {
    for (let i = window.sessionStorage.length - 1; i >= 0; i--) {
      const key = window.sessionStorage.key(i);
      if (key?.startsWith(TAB_PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // No storage: nothing was kept.
  }
}

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
