/**
 * Letters for family members (issue 21, ADR 0030). A resident linked to a register person files
 * for themselves or for a living member of their family (the same No. KK); the office files for
 * any living person of the register. The applicant block of a letter for someone else comes from
 * the register; the request keeps who filed it (`filed_by`) and the person it is for
 * (`subject_person_id`). A person who died, moved away or is lost gets no letter.
 */
import type { Kysely } from 'kysely';
import {
  applicantFromProfile,
  decide,
  EDUCATION_CODES,
  labelOf,
  isActiveAdmin,
  missingApplicantFields,
  type ApplicantSnapshot,
  type LetterSubject,
  type RegisterLink,
} from '@balai/domain';
import type { LetterFiling, LetterSubjectsAnswer } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { LetterRequestRow } from '../repositories/letter-requests.ts';
import {
  biodataOf,
  familyMembers,
  familyMembersOf,
  findSubject,
  registerLinkOf,
} from '../repositories/register-links.ts';
import type { UserRow } from '../repositories/users.ts';
import { identityVerified } from '../services/identity.ts';
import { profileIncomplete } from './request-guards.ts';

const FIELD = 'subject_person_id';
const refuse = (status: number, message: string) =>
  new HttpError(status, message, { [FIELD]: [message] });

/** Whom the request is for, as filing needs it. */
export interface FilingSubject {
  personId: number | null;
  /** The block from the register; null: the filer's own profile, as before. */
  applicant: ApplicantSnapshot | null;
  /** The account that follows the request (notices, "Surat Saya"). */
  applicantUser: UserRow | null;
  /** The block is vouched for by an account the office verified. */
  verified: boolean;
}

/** The policy's answer, as an HTTP refusal. */
function assertMay(user: UserRow, filer: RegisterLink, subject: LetterSubject): void {
  const d = decide(user, 'letter.file_for', { filer, subject });
  if (d.outcome !== 'allow') {
    throw refuse(d.outcome === 'deny' ? d.status : 403, d.outcome === 'deny' ? d.message : '');
  }
}

/** The applicant block of a register person; a 422 naming what the register lacks. */
function registerApplicant(s: NonNullable<Awaited<ReturnType<typeof findSubject>>>) {
  // On a letter, the register's own education (the national list), not the profile's shorter one.
  const biodata = {
    ...biodataOf(s, s.family_address),
    education: labelOf(EDUCATION_CODES, s.education),
  };
  const missing = missingApplicantFields(biodata);
  if (missing.length > 0) {
    const message = `Data ${s.name} di buku induk desa belum lengkap untuk surat: ${missing.join(', ')}. Hubungi kantor desa untuk melengkapinya.`;
    throw refuse(422, message);
  }
  return applicantFromProfile(biodata);
}

async function loadSubject(db: Kysely<Database>, personId: number) {
  const s = await findSubject(db, personId);
  if (!s) throw refuse(422, 'Penduduk yang dipilih tidak ditemukan di buku induk desa.');
  return s;
}

const asSubject = (s: {
  id: number;
  family_id: number | null;
  life_status: LetterSubject['life_status'];
}) => ({
  person_id: s.id,
  family_id: s.family_id,
  life_status: s.life_status,
});

/**
 * A resident files: for their own person (their profile's block, as before) or for a member of
 * their family (the register's block). An account not linked to the register files only for
 * itself. Whoever it is for must be living.
 */
export async function residentSubject(
  db: Kysely<Database>,
  user: UserRow,
  personId: number | undefined,
): Promise<FilingSubject> {
  const link = await registerLinkOf(db, user);
  const own = { applicant: null, applicantUser: user, verified: identityVerified(user) };
  if (personId === undefined || personId === link.person_id) {
    if (link.person_id !== null && link.life_status !== null) {
      assertMay(user, link, {
        person_id: link.person_id,
        family_id: link.family_id,
        life_status: link.life_status,
      });
    }
    return { ...own, personId: link.person_id };
  }
  const s = await loadSubject(db, personId);
  assertMay(user, link, asSubject(s));
  // The filer's account follows the request, and vouches for it as far as it is verified.
  return { ...own, personId: s.id, applicant: registerApplicant(s) };
}

/** The office files for a person of the register: their block, their account follows it. */
export async function deskSubject(
  db: Kysely<Database>,
  user: UserRow,
  personId: number,
): Promise<FilingSubject> {
  const s = await loadSubject(db, personId);
  assertMay(user, { person_id: null, family_id: null }, asSubject(s));
  const account = await db
    .selectFrom('users')
    .selectAll()
    .where('register_person_id', '=', s.id)
    .where('active', '=', 1)
    .executeTakeFirst();
  return {
    personId: s.id,
    applicant: registerApplicant(s),
    applicantUser: account ?? null,
    verified: account ? identityVerified(account) : false,
  };
}

/** The office files for a resident's account: refused when its register person is not living. */
export async function assertAccountLiving(
  db: Kysely<Database>,
  actor: UserRow,
  account: UserRow,
): Promise<number | null> {
  const link = await registerLinkOf(db, account);
  if (link.person_id === null || link.life_status === null) return null;
  assertMay(actor, link, {
    person_id: link.person_id,
    family_id: link.family_id,
    life_status: link.life_status,
  });
  return link.person_id;
}

/**
 * The block a resident's save takes afresh: their profile for their own letter, the register
 * for a family member's (checked again: the family or the person may have changed).
 */
export async function resaveApplicant(
  db: Kysely<Database>,
  user: UserRow,
  row: Pick<LetterRequestRow, 'subject_person_id'>,
): Promise<ApplicantSnapshot> {
  if (row.subject_person_id !== null && row.subject_person_id !== user.register_person_id) {
    const s = await residentSubject(db, user, row.subject_person_id);
    if (s.applicant) return s.applicant;
  }
  const missing = missingApplicantFields(user);
  if (missing.length > 0) throw profileIncomplete(missing, 'own');
  return applicantFromProfile(user);
}

/** Issuing refuses a letter whose person has since died, moved away or been lost (409). */
export async function assertSubjectLiving(
  db: Kysely<Database>,
  actor: UserRow,
  row: Pick<LetterRequestRow, 'subject_person_id'>,
): Promise<void> {
  if (row.subject_person_id === null) return;
  const p = await db
    .selectFrom('register_persons')
    .select(['id', 'family_id', 'life_status'])
    .where('id', '=', row.subject_person_id)
    .executeTakeFirst();
  if (!p) return;
  const d = decide(actor, 'letter.file_for', {
    filer: { person_id: null, family_id: null },
    subject: asSubject(p),
  });
  if (d.outcome === 'deny' && d.status === 422) throw new HttpError(409, d.message);
}

/** The people a resident may file for: themselves and their family, each with whether they may. */
export async function letterSubjects(
  db: Kysely<Database>,
  user: UserRow,
): Promise<LetterSubjectsAnswer> {
  const link = await registerLinkOf(db, user);
  if (link.person_id === null) return { linked: false, data: [] };
  const members =
    link.family_id === null
      ? await familyMembersOf(db, link.person_id)
      : await familyMembers(db, link.family_id);
  return {
    linked: true,
    data: members.map((m) => {
      const d = decide(user, 'letter.file_for', {
        filer: link,
        subject: { person_id: m.person_id, family_id: link.family_id, life_status: m.life_status },
      });
      return {
        ...m,
        self: m.person_id === link.person_id,
        allowed: d.outcome === 'allow',
        refusal: d.outcome === 'deny' ? d.message : null,
      };
    }),
  };
}

/** "Diajukan oleh … untuk …": the filer's name and whether it was on someone else's behalf. */
export async function filingView(
  db: Kysely<Database>,
  row: Pick<
    LetterRequestRow,
    'filed_by' | 'applicant_user_id' | 'subject_person_id' | 'register_event_id'
  >,
  viewer: UserRow,
): Promise<LetterFiling> {
  const filer =
    row.filed_by === null
      ? undefined
      : row.filed_by === viewer.id
        ? viewer
        : await db
            .selectFrom('users')
            .select(['id', 'name', 'register_person_id', 'role', 'active'])
            .where('id', '=', row.filed_by)
            .executeTakeFirst();
  const onBehalf =
    filer !== undefined &&
    (row.applicant_user_id !== filer.id ||
      (row.subject_person_id !== null && row.subject_person_id !== filer.register_person_id));
  return {
    // Residents see their own name only; the office's staff names stay with the office.
    filed_by_name: filer && (isActiveAdmin(viewer) || filer.id === viewer.id) ? filer.name : null,
    on_behalf: onBehalf,
    subject_person_id: row.subject_person_id,
    register_event_id: row.register_event_id,
  };
}
