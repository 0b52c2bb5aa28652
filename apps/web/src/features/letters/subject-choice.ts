import { useState } from 'react';
import { DRAFT_PREFIX } from '../../lib/drafts.ts';

/**
 * For whom the resident's new request of a type is (issue 21): their own person (null) or a
 * member of their family, kept with the request's draft (same prefix: cleared on sign-out) so
 * the check step, Back and a reload keep it. Only what the check step shows is kept: the NIK is
 * masked.
 */
export interface SubjectChoice {
  person_id: number;
  name: string;
  relationship: string | null;
  nik_masked: string;
}

const key = (userId: number, code: string) => `${DRAFT_PREFIX}${userId}.${code}.untuk`;

export function readSubjectChoice(userId: number, code: string): SubjectChoice | null {
  try {
    const text = window.localStorage.getItem(key(userId, code));
    const v = text ? (JSON.parse(text) as Partial<SubjectChoice>) : null;
    return v && typeof v.person_id === 'number' && typeof v.name === 'string'
      ? (v as SubjectChoice)
      : null;
  } catch {
    return null;
  }
}

export function writeSubjectChoice(userId: number, code: string, choice: SubjectChoice | null) {
  try {
    if (choice) window.localStorage.setItem(key(userId, code), JSON.stringify(choice));
    else window.localStorage.removeItem(key(userId, code));
  } catch {
    // Storage off: the choice lasts while the page is open.
  }
}

/** The choice as state, written through to storage. */
export function useSubjectChoice(userId: number, code: string) {
  const [choice, setChoice] = useState(() => readSubjectChoice(userId, code));
  const set = (next: SubjectChoice | null) => {
    writeSubjectChoice(userId, code, next);
    setChoice(next);
  };
  return [choice, set] as const;
}
