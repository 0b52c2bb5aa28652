// The permission policy (issue 18, issue 20, ADR 0020): one answer to "may this person do this"
// for signing and the accounts that sign. Pure and zod-free: the server asks it before every such
// change, the web asks it to show what a screen lets the viewer do.
//
// The rule it holds: a letter whose type needs approval is issued only by the Kepala Desa's own
// confirmation, or by the Sekretaris Desa's during away dates the Kepala Desa set. So whatever
// decides who signs (the signing setup, a signer's account, the position kepala_desa) changes
// only with the named Kepala Desa's own password or PIN; the first naming of a Kepala Desa in a
// village that has none is the one exception.

import { isActiveAdmin } from './policy-base.ts';
import { isAdmin, type Role } from './roles.ts';
import type { Position } from './positions.ts';
import { delegationActive, signingChanges, type SigningSetup } from './signing-setup.ts';

/** Who asks, or whom a change is about: an account as stored. */
export interface PolicyUser {
  id: number;
  role: Role;
  position: Position | null;
  active: boolean | number;
}

/** The account fields a change of which is a change of a signer (who they are, how they sign in). */
export const SIGNER_ACCOUNT_FIELDS = [
  'password',
  'email',
  'name',
  'position',
  'nip',
  'active',
  'role',
] as const;
export type SignerAccountField = (typeof SIGNER_ACCOUNT_FIELDS)[number];

/** What each question is about. */
export interface PolicySubjects {
  /** The admin area and the office's powers. */
  'admin.access': undefined;
  /** Approve or return a letter awaiting signature. */
  'letter.sign': { setup: SigningSetup; today: string };
  /** Change the signing setup from `setup` to `next` (`PUT /api/settings/signing`). */
  'signing.configure': { setup: SigningSetup; next: SigningSetup; confirmed?: boolean };
  /** The Kepala Desa sets (`ending: false`) or ends their own away dates. */
  'signing.delegate': { setup: SigningSetup; ending: boolean; confirmed?: boolean };
  /** Create an account that would be `next`. */
  'user.create': { setup: SigningSetup; next: Omit<PolicyUser, 'id'>; confirmed?: boolean };
  /** Change `target` into `next`, touching `fields` (the ones whose value really changes). */
  'user.update': {
    setup: SigningSetup;
    target: PolicyUser;
    next: Omit<PolicyUser, 'id'>;
    fields: readonly string[];
    confirmed?: boolean;
  };
  /** Delete an account. */
  'user.delete': { setup: SigningSetup; target: PolicyUser };
  /** Read the population register (issue 24): lists, details, exports, the monthly report. */
  'register.read': undefined;
  /** Change the register: import, edits, events, families, areas. */
  'register.manage': undefined;
  /**
   * The office's view of notice delivery (issue 22): each channel's state, a test message, the
   * failed notices and their retry, the notices of a letter request.
   */
  'notices.manage': undefined;
  /**
   * File a letter for a person of the register (issue 21): a resident for themselves or a living
   * member of their family (the same No. KK); the office for any living person.
   */
  'letter.file_for': { filer: RegisterLink; subject: LetterSubject };
}
export type PolicyAction = keyof PolicySubjects;

/** Where an account stands in the register: its person and that person's family (null: not linked). */
export interface RegisterLink {
  person_id: number | null;
  family_id: number | null;
}

/** The register person a letter would be for. */
export interface LetterSubject {
  person_id: number;
  family_id: number | null;
  life_status: 'hidup' | 'meninggal' | 'pindah' | 'hilang';
}

/** Why no letter is made for a person who is not living in the village, by life status. */
export const NOT_LIVING_MESSAGES = {
  meninggal:
    'Surat tidak dapat diajukan: menurut buku induk desa, penduduk ini sudah meninggal dunia.',
  pindah:
    'Surat tidak dapat diajukan: menurut buku induk desa, penduduk ini sudah pindah dari desa.',
  hilang: 'Surat tidak dapat diajukan: menurut buku induk desa, penduduk ini tercatat hilang.',
} as const;
export const FAMILY_ONLY =
  'Anda hanya dapat mengajukan surat untuk diri sendiri atau anggota keluarga dalam Kartu Keluarga yang sama.';

/**
 * The answer: allowed; allowed once this person confirms with their own password or PIN; or
 * refused, with the status and the Indonesian message to answer.
 */
export type Decision =
  | { outcome: 'allow' }
  | { outcome: 'confirm'; message: string }
  | { outcome: 'deny'; status: 403 | 409 | 422; message: string };

export const SIGNER_ONLY =
  'Hanya Kepala Desa, atau Sekretaris Desa selama Kepala Desa berhalangan, yang dapat menyetujui atau mengembalikan surat ini.';
export const HEAD_ONLY = 'Hanya Kepala Desa yang dapat mengatur masa berhalangannya sendiri.';
export const SETUP_HEAD_ONLY =
  'Pengaturan tanda tangan hanya dapat diubah oleh Kepala Desa dengan kata sandi atau PIN-nya.';
export const AWAY_HEAD_ONLY =
  'Masa berhalangan Kepala Desa hanya dapat diatur oleh Kepala Desa sendiri.';
export const SIGNER_ACCOUNT_HEAD_ONLY =
  'Akun Kepala Desa dan Sekretaris Desa hanya dapat diubah oleh Kepala Desa dengan kata sandi atau PIN-nya.';
export const HEAD_POSITION_HEAD_ONLY =
  'Jabatan Kepala Desa hanya dapat diberikan oleh Kepala Desa dengan kata sandi atau PIN-nya.';
export const CONFIRM_NEEDED = 'Masukkan kata sandi atau PIN Anda untuk menyimpan perubahan ini.';
export const ADMIN_ONLY = 'Anda tidak memiliki akses untuk tindakan ini.';

/** An active administrator (SPEC 6), written once in policy-base.ts (zod-free: the web first load). */
export { isActiveAdmin };

/** An active administrator holding this position. */
export function holdsPosition(
  user: Omit<PolicyUser, 'id'> | null | undefined,
  position: Position,
): boolean {
  return isActiveAdmin(user) && user!.position === position;
}

/** Whether an account of this role may hold a position (administrators only; issue 15). */
export function mayHoldPosition(role: Role): boolean {
  return isAdmin({ role });
}

/** The account the settings name as Kepala Desa, still an active Kepala Desa. */
export function isNamedHead(setup: SigningSetup, user: PolicyUser | null | undefined): boolean {
  return !!user && user.id === setup.head_user_id && holdsPosition(user, 'kepala_desa');
}

/** The position the settings name this account for, if any. */
export function namedAs(setup: SigningSetup, userId: number): Position | null {
  if (setup.head_user_id === userId) return 'kepala_desa';
  if (setup.secretary_user_id === userId) return 'sekretaris_desa';
  return null;
}

/**
 * Whether this account may approve (and return) letters awaiting signature on `today`, and
 * whether it signs on the Kepala Desa's behalf. The Kepala Desa named in the settings always may
 * (also while away: signing from a phone is the point); the Sekretaris Desa named there only
 * while a delegation is active, "a.n. Kepala Desa". The account must still be an active
 * administrator holding that position.
 */
export function signerFor(
  setup: SigningSetup,
  user: PolicyUser,
  today: string,
): { canSign: boolean; onBehalf: boolean } {
  if (isNamedHead(setup, user)) return { canSign: true, onBehalf: false };
  if (
    user.id === setup.secretary_user_id &&
    holdsPosition(user, 'sekretaris_desa') &&
    delegationActive(setup, today)
  ) {
    return { canSign: true, onBehalf: true };
  }
  return { canSign: false, onBehalf: false };
}

const allow: Decision = { outcome: 'allow' };
const deny = (message: string, status: 403 | 409 | 422 = 403): Decision => ({
  outcome: 'deny',
  status,
  message,
});
/** Only the named Kepala Desa, with their own password or PIN; everyone else gets `message`. */
const headConfirms = (setup: SigningSetup, user: PolicyUser, message: string): Decision =>
  isNamedHead(setup, user) ? { outcome: 'confirm', message: CONFIRM_NEEDED } : deny(message);

/** The decision about one question (see `can` for the yes/no). */
export function decide<A extends PolicyAction>(
  user: PolicyUser,
  action: A,
  subject: PolicySubjects[A],
): Decision {
  if (action === 'letter.file_for') {
    return decideFileFor(user, subject as PolicySubjects['letter.file_for']);
  }
  if (!isActiveAdmin(user)) return deny(ADMIN_ONLY);
  switch (action) {
    case 'admin.access':
    case 'register.read':
    case 'register.manage':
    case 'notices.manage':
      return allow;
    case 'letter.sign': {
      const s = subject as PolicySubjects['letter.sign'];
      return signerFor(s.setup, user, s.today).canSign ? allow : deny(SIGNER_ONLY);
    }
    case 'signing.configure': {
      const s = subject as PolicySubjects['signing.configure'];
      const parts = signingChanges(s.setup, s.next);
      if (parts.length === 0) return allow;
      if (s.setup.head_user_id !== null) return headConfirms(s.setup, user, SETUP_HEAD_ONLY);
      // No Kepala Desa yet: nothing here decides a letter (every type is issued in one step), so
      // any administrator sets the village up and names its first Kepala Desa, who is told. The
      // away dates are the Kepala Desa's alone.
      return parts.includes('away') && s.next.head_away_from !== null
        ? deny(AWAY_HEAD_ONLY)
        : allow;
    }
    case 'signing.delegate': {
      const s = subject as PolicySubjects['signing.delegate'];
      if (!isNamedHead(s.setup, user)) return deny(HEAD_ONLY);
      return s.ending ? allow : { outcome: 'confirm', message: CONFIRM_NEEDED };
    }
    case 'user.create': {
      const s = subject as PolicySubjects['user.create'];
      if (s.setup.head_user_id !== null && holdsPosition(s.next, 'kepala_desa')) {
        return headConfirms(s.setup, user, HEAD_POSITION_HEAD_ONLY);
      }
      return allow;
    }
    case 'user.update': {
      const s = subject as PolicySubjects['user.update'];
      const signerFields = s.fields.filter((f) =>
        (SIGNER_ACCOUNT_FIELDS as readonly string[]).includes(f),
      );
      if (namedAs(s.setup, s.target.id) && signerFields.length > 0) {
        return headConfirms(s.setup, user, SIGNER_ACCOUNT_HEAD_ONLY);
      }
      // Making someone an active Kepala Desa (the position, or back to active, or to
      // administrator) while one is named: the named one decides.
      if (
        s.setup.head_user_id !== null &&
        holdsPosition(s.next, 'kepala_desa') &&
        !holdsPosition(s.target, 'kepala_desa')
      ) {
        return headConfirms(s.setup, user, HEAD_POSITION_HEAD_ONLY);
      }
      return allow;
    }
    case 'user.delete': {
      const s = subject as PolicySubjects['user.delete'];
      const named = namedAs(s.setup, s.target.id);
      if (named) {
        const label = named === 'kepala_desa' ? 'Kepala Desa' : 'Sekretaris Desa';
        return deny(
          `Akun ini ditetapkan sebagai ${label} di Pengaturan → Tanda Tangan dan tidak dapat dihapus. Tetapkan akun ${label} lain lebih dulu.`,
          409,
        );
      }
      return allow;
    }
    default:
      return deny(ADMIN_ONLY);
  }
}

/**
 * A letter is made only for a person living in the village (422 otherwise, naming why); the
 * office files for anyone, an active resident for their own person or a member of their family.
 */
function decideFileFor(user: PolicyUser, s: PolicySubjects['letter.file_for']): Decision {
  if (s.subject.life_status !== 'hidup') {
    return deny(NOT_LIVING_MESSAGES[s.subject.life_status], 422);
  }
  if (isActiveAdmin(user)) return allow;
  if (!user.active || s.filer.person_id === null) return deny(FAMILY_ONLY);
  if (s.subject.person_id === s.filer.person_id) return allow;
  return s.filer.family_id !== null && s.subject.family_id === s.filer.family_id
    ? allow
    : deny(FAMILY_ONLY);
}

/**
 * What the signing settings screen lets this person do with the setup: change it freely (no
 * Kepala Desa named yet), change it with their own confirmation (the named Kepala Desa), or only
 * read it.
 */
export function signingSettingsAccess(user: PolicyUser, setup: SigningSetup): Decision['outcome'] {
  const next = { ...setup, approval_exempt: [...setup.approval_exempt, '\u0000any'] };
  return decide(user, 'signing.configure', { setup, next }).outcome;
}

type SubjectArg<A extends PolicyAction> = PolicySubjects[A] extends undefined
  ? []
  : [PolicySubjects[A]];

/**
 * May `user` do `action` (to `subject`)? A change that needs the Kepala Desa's own confirmation
 * is allowed only when the subject says `confirmed: true` (the server checked the password or
 * PIN).
 */
export function can<A extends PolicyAction>(
  user: PolicyUser,
  action: A,
  ...subject: SubjectArg<A>
): boolean {
  const s = subject[0] as PolicySubjects[A];
  const d = decide(user, action, s);
  if (d.outcome === 'allow') return true;
  return (
    d.outcome === 'confirm' &&
    typeof s === 'object' &&
    s !== null &&
    'confirmed' in s &&
    s.confirmed === true
  );
}
