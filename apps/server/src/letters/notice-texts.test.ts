/**
 * Every notice text over all 15 letter types (issue 25.11): no word said twice in a row ("Surat
 * Surat Keterangan Kelahiran Anda…"), the letter's full name and its reference where the text
 * names a request, no "undefined"/"null" leaking in, and a sentence that ends.
 */
import {
  LETTER_STATUSES,
  LETTER_TYPES,
  requestReference,
  type LetterStatus,
  type LetterType,
} from '@balai/domain';
import { describe, expect, it } from 'vitest';
import {
  adminNotice,
  awaitingSignatureNotice,
  filedForYouNotice,
  residentNotice,
  returnedToResidentNotice,
  signedNotice,
  type Notice,
} from './notices.ts';

const ID = 42;

/** Each notice a letter type can produce, by a name that says which. */
function noticesFor(type: LetterType): [string, Notice, { reference: boolean }][] {
  const withRef = { reference: true };
  const rows: [string, Notice, { reference: boolean }][] = [];
  for (const to of LETTER_STATUSES as readonly LetterStatus[]) {
    for (const note of [null, 'Lengkapi foto KTP.']) {
      rows.push([
        `resident ${to} note=${note ? 'yes' : 'no'}`,
        residentNotice(type, ID, to, { changedStatus: true, note, number: '470/042/2026' }),
        withRef,
      ]);
    }
  }
  rows.push([
    'resident updated',
    residentNotice(type, ID, 'processing', { changedStatus: false }),
    withRef,
  ]);
  rows.push(['resident returned by signer', returnedToResidentNotice(type, ID), withRef]);
  rows.push([
    'signer awaiting',
    awaitingSignatureNotice(type, ID, 'Siti Aminah', 'Budi Santoso', 'Mohon diperiksa.'),
    withRef,
  ]);
  rows.push([
    'clerk approved',
    signedNotice(type, ID, { kind: 'approved', signer: 'H. Ahmad Fauzi', number: '470/042/2026' }),
    withRef,
  ]);
  rows.push([
    'clerk returned',
    signedNotice(type, ID, { kind: 'returned', signer: 'H. Ahmad Fauzi', note: 'Periksa NIK.' }),
    withRef,
  ]);
  rows.push(['filed for resident', filedForYouNotice(type), { reference: false }]);
  rows.push(['admin new', adminNotice(type, 'Siti Aminah', { kind: 'new' }), { reference: false }]);
  for (const kind of ['resubmitted', 'cancelled'] as const)
    rows.push([
      `admin ${kind}`,
      adminNotice(type, 'Siti Aminah', { kind, id: ID }, 'Salah ketik.'),
      withRef,
    ]);
  return rows;
}

/** The first word said twice in a row ("Surat Surat"), case-insensitively, or null. */
function doubledWord(text: string): string | null {
  const m = /(?<![\p{L}\p{N}])([\p{L}\p{N}]+)\s+\1(?![\p{L}\p{N}])/iu.exec(text);
  return m ? m[0] : null;
}

const cases = LETTER_TYPES.flatMap((type) =>
  noticesFor(type).map(([what, notice, opts]) => ({ code: type.code, type, what, notice, opts })),
);

describe('notice texts over all letter types (issue 25.11)', () => {
  it('covers the 15 types', () => {
    expect(LETTER_TYPES).toHaveLength(15);
    expect(cases.length).toBeGreaterThan(15 * 20);
  });

  it.each(cases)('$code: $what', ({ type, notice, opts }) => {
    for (const text of [notice.title, notice.body]) {
      expect(doubledWord(text), text).toBeNull();
      expect(text).not.toMatch(/undefined|null|\[object/);
      expect(text).not.toMatch(/\s{2,}|^\s|\s$/);
    }
    expect(notice.body).toMatch(/[.!?]$/);
    // The letter is named in full once it is named at all, never as "Surat <full name>".
    expect(`${notice.title} ${notice.body}`).toContain(type.name);
    expect(notice.body).not.toMatch(new RegExp(`[Ss]urat ${type.name}`));
    if (opts.reference) expect(notice.title).toContain(requestReference(type.code, ID));
  });

  it('finds the doubled word the issue reported', () => {
    expect(doubledWord('Surat Surat Keterangan Kelahiran Anda')).toBe('Surat Surat');
    expect(doubledWord('surat Surat Keterangan')).toBe('surat Surat');
    expect(doubledWord('Surat Keterangan Kelahiran Anda')).toBeNull();
  });
});
