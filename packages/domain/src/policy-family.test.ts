import { describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY,
  FAMILY_ONLY,
  NOT_LIVING_MESSAGES,
  can,
  decide,
  type LetterSubject,
  type PolicyUser,
  type RegisterLink,
} from './policy.ts';

// Letters for family members (issue 21): who may file a letter for which person of the register.

const parent: PolicyUser = { id: 5, role: 'WARGA', position: null, active: 1 };
const clerk: PolicyUser = { id: 2, role: 'ADMINISTRATOR', position: 'operator', active: 1 };
const linked: RegisterLink = { person_id: 100, family_id: 7 };
const child: LetterSubject = { person_id: 101, family_id: 7, life_status: 'hidup' };
const neighbour: LetterSubject = { person_id: 200, family_id: 8, life_status: 'hidup' };

describe("policy: 'letter.file_for'", () => {
  it('lets a resident file for themselves and for a living member of their family', () => {
    const self: LetterSubject = { person_id: 100, family_id: 7, life_status: 'hidup' };
    expect(can(parent, 'letter.file_for', { filer: linked, subject: self })).toBe(true);
    expect(can(parent, 'letter.file_for', { filer: linked, subject: child })).toBe(true);
  });

  it('refuses another family, an account not linked to the register, and an inactive account', () => {
    expect(decide(parent, 'letter.file_for', { filer: linked, subject: neighbour })).toEqual({
      outcome: 'deny',
      status: 403,
      message: FAMILY_ONLY,
    });
    const unlinked: RegisterLink = { person_id: null, family_id: null };
    expect(can(parent, 'letter.file_for', { filer: unlinked, subject: child })).toBe(false);
    expect(
      can({ ...parent, active: 0 }, 'letter.file_for', { filer: linked, subject: child }),
    ).toBe(false);
    // A person without a family is only their own subject.
    const alone: RegisterLink = { person_id: 300, family_id: null };
    const other: LetterSubject = { person_id: 301, family_id: null, life_status: 'hidup' };
    expect(can(parent, 'letter.file_for', { filer: alone, subject: other })).toBe(false);
  });

  it('refuses a person who died, moved away or is lost with 422, for residents and the office', () => {
    for (const life_status of ['meninggal', 'pindah', 'hilang'] as const) {
      const subject = { ...child, life_status };
      for (const user of [parent, clerk]) {
        expect(decide(user, 'letter.file_for', { filer: linked, subject })).toEqual({
          outcome: 'deny',
          status: 422,
          message: NOT_LIVING_MESSAGES[life_status],
        });
      }
    }
    expect(NOT_LIVING_MESSAGES.meninggal).toMatch(/meninggal dunia/);
  });

  it('lets the office file for any living person of the register', () => {
    const desk: RegisterLink = { person_id: null, family_id: null };
    expect(can(clerk, 'letter.file_for', { filer: desk, subject: neighbour })).toBe(true);
    // The office's other powers stay administrators' only.
    expect(decide(parent, 'register.read', undefined)).toEqual({
      outcome: 'deny',
      status: 403,
      message: ADMIN_ONLY,
    });
  });
});
