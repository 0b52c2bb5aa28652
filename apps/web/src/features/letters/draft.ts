import type { RawValues } from '../../components/form/definition-form.tsx';
import { DRAFT_PREFIX } from '../../lib/drafts.ts';

/**
 * The request being filled in, kept in localStorage per user and letter type until it is sent,
 * so that Back, Forward, a reload or a lost connection never empties the form: what was typed,
 * and the request's idempotency key (a retried send after a lost answer never files twice).
 * Cleared when it is sent, when the user signs out (lib/drafts.ts), and a week after its last
 * change. Never a password: the letter forms have none.
 */
export interface LetterDraft {
  raw: RawValues;
  idempotencyKey: string;
  savedAt: number;
}

/** A draft older than this is dropped when read: a shared phone does not keep it for ever. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const draftKey = (userId: number | string, code: string) =>
  `${DRAFT_PREFIX}${userId}.${code}`;

export function readDraft(userId: number | string, code: string): LetterDraft | null {
  try {
    const text = window.localStorage.getItem(draftKey(userId, code));
    if (!text) return null;
    const draft = JSON.parse(text) as Partial<LetterDraft>;
    if (
      typeof draft.raw !== 'object' ||
      draft.raw === null ||
      typeof draft.idempotencyKey !== 'string' ||
      typeof draft.savedAt !== 'number' ||
      Date.now() - draft.savedAt > DRAFT_LIFETIME_MS
    ) {
      clearDraft(userId, code);
      return null;
    }
    return draft as LetterDraft;
  } catch {
    return null;
  }
}

/** Keeps what is in the form now; the idempotency key stays the one the draft started with. */
export function writeDraft(userId: number | string, code: string, raw: RawValues): LetterDraft {
  const draft: LetterDraft = {
    raw,
    idempotencyKey: readDraft(userId, code)?.idempotencyKey ?? crypto.randomUUID(),
    savedAt: Date.now(),
  };
  try {
    window.localStorage.setItem(draftKey(userId, code), JSON.stringify(draft));
  } catch {
    // Storage full or off: the form still works, it just does not survive a reload.
  }
  return draft;
}

export function clearDraft(userId: number | string, code: string) {
  try {
    window.localStorage.removeItem(draftKey(userId, code));
  } catch {
    // Nothing kept.
  }
}
