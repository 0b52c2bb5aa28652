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

/** Removes the keys under `prefix` from a storage (none if the browser keeps none). */
function removeKeys(storage: () => Storage, prefix: string) {
  try {
    const kept = storage();
    for (let i = kept.length - 1; i >= 0; i--) {
      const key = kept.key(i);
      if (key?.startsWith(prefix)) kept.removeItem(key);
    }
  } catch {
    // No storage: nothing was kept.
  }
}

/** Removes everything the app kept in this tab's sessionStorage for the signed-in user. */
export const clearTabStorage = () => removeKeys(() => window.sessionStorage, TAB_PREFIX);

/** Removes every draft of every user from this browser. */
export const clearDrafts = () => removeKeys(() => window.localStorage, DRAFT_PREFIX);
