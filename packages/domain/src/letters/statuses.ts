import { z } from 'zod';
import { msg } from '../messages.ts';
import { cleanPlainText } from '../plain-text.ts';
import { ADMIN_ROLE, RESIDENT_ROLE, type Role } from '../roles.ts';

/** The statuses of a letter request (DESIGN.md section 4), in lifecycle order. */
export const LETTER_STATUSES = [
  'submitted',
  'needs_revision',
  'processing',
  'awaiting_signature',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

/** Short adjectives for the status tags. */
export const LETTER_STATUS_LABELS: Record<LetterStatus, string> = {
  submitted: 'Diajukan',
  needs_revision: 'Perlu Dilengkapi',
  processing: 'Diproses',
  awaiting_signature: 'Menunggu Tanda Tangan',
  completed: 'Selesai',
  rejected: 'Ditolak',
  cancelled: 'Dibatalkan',
};

/** What each status means for the resident, in a sentence (the request page says it). */
export const LETTER_STATUS_MEANINGS: Record<LetterStatus, string> = {
  submitted:
    'Permohonan menunggu diperiksa petugas desa. Anda masih dapat mengubah atau membatalkannya.',
  needs_revision:
    'Petugas desa meminta Anda melengkapi permohonan. Perbaiki sesuai catatan, lalu ajukan ulang.',
  processing:
    'Petugas desa sedang memproses surat Anda. Anda mendapat notifikasi saat surat terbit.',
  awaiting_signature:
    'Surat Anda sudah diperiksa petugas dan sedang menunggu tanda tangan Kepala Desa. Anda mendapat notifikasi saat surat terbit.',
  completed: 'Surat sudah terbit dan dapat diunduh.',
  rejected: 'Permohonan ditolak. Alasannya tertulis pada catatan petugas.',
  cancelled: 'Permohonan ini sudah dibatalkan.',
};

/** Statuses nothing leaves. */
export const FINAL_STATUSES: readonly LetterStatus[] = ['completed', 'rejected', 'cancelled'];

/** Moving a request to these statuses needs a note saying why. */
export const NOTE_REQUIRED_STATUSES: readonly LetterStatus[] = ['needs_revision', 'rejected'];

/** True when the change needs a note (Perlu Dilengkapi, Ditolak). */
export function transitionNeedsNote(to: LetterStatus): boolean {
  return NOTE_REQUIRED_STATUSES.includes(to);
}

/** One allowed status change. */
export interface LetterTransition {
  readonly from: LetterStatus;
  readonly to: LetterStatus;
  /** Roles that may make the change. */
  readonly actors: readonly Role[];
  /** The change needs a note saying why (what is missing, why it is refused). */
  readonly noteRequired: boolean;
  /**
   * 'edit': happens by saving the request's form, not by a status action; 'signing': only by
   * approving with the password or PIN (`POST /api/signing/approve`, docs/signing.md).
   */
  readonly via: 'action' | 'edit' | 'signing';
  /** Button text for the action, e.g. "Tolak". */
  readonly actionLabel: string;
  /**
   * 'required': only for a letter type the head of village must approve (issue 15); 'none':
   * only for a type without approval; absent: either.
   */
  readonly approval?: 'required' | 'none';
  /**
   * Only the designated signer makes it: the Kepala Desa, or the Sekretaris Desa while the
   * Kepala Desa is away (`signerFor` in signing.ts).
   */
  readonly signer?: boolean;
}

/** What a change depends on besides the role: the type's approval setting and who the actor is. */
export interface TransitionContext {
  /** The request's type needs the head of village's approval (the settings; default yes). */
  readonly approvalRequired?: boolean;
  /** The actor is the designated signer now. */
  readonly signer?: boolean;
}

/** True when the transition exists for this type's approval setting and this actor's signing power. */
export function transitionApplies(t: LetterTransition, ctx: TransitionContext = {}): boolean {
  if (t.approval === 'required' && !ctx.approvalRequired) return false;
  if (t.approval === 'none' && ctx.approvalRequired) return false;
  if (t.signer && !ctx.signer) return false;
  return true;
}

const ADMIN: readonly Role[] = [ADMIN_ROLE];
const RESIDENT: readonly Role[] = [RESIDENT_ROLE];
const t = (
  from: LetterStatus,
  to: LetterStatus,
  actors: readonly Role[],
  actionLabel: string,
  via: 'action' | 'edit' | 'signing' = 'action',
  extra: Pick<LetterTransition, 'approval' | 'signer'> & { noteRequired?: boolean } = {},
): LetterTransition => ({
  from,
  to,
  actors,
  actionLabel,
  via,
  ...(extra.approval ? { approval: extra.approval } : {}),
  ...(extra.signer ? { signer: true } : {}),
  noteRequired: extra.noteRequired ?? transitionNeedsNote(to),
});

/** Every allowed status change; anything else is refused with 409. */
export const LETTER_TRANSITIONS: readonly LetterTransition[] = [
  t('submitted', 'processing', ADMIN, 'Proses'),
  t('submitted', 'needs_revision', ADMIN, 'Minta Dilengkapi'),
  t('submitted', 'rejected', ADMIN, 'Tolak'),
  t('submitted', 'cancelled', RESIDENT, 'Batalkan'),
  // The resident (or an admin filing for them) resubmits by saving the corrected request.
  t('needs_revision', 'submitted', [...RESIDENT, ...ADMIN], 'Ajukan Ulang', 'edit'),
  t('needs_revision', 'cancelled', RESIDENT, 'Batalkan'),
  t('needs_revision', 'rejected', ADMIN, 'Tolak'),
  t('needs_revision', 'processing', ADMIN, 'Proses'),
  // A type without approval is issued by the clerk in one step; one with approval goes to the
  // signer, who issues it ("Setujui dan Terbitkan") or sends it back with a note.
  t('processing', 'completed', ADMIN, 'Terbitkan Surat', 'action', { approval: 'none' }),
  t('processing', 'awaiting_signature', ADMIN, 'Ajukan Tanda Tangan', 'action', {
    approval: 'required',
  }),
  t('processing', 'rejected', ADMIN, 'Tolak'),
  t('processing', 'needs_revision', ADMIN, 'Minta Dilengkapi'),
  t('awaiting_signature', 'completed', ADMIN, 'Setujui dan Terbitkan', 'signing', {
    signer: true,
  }),
  t('awaiting_signature', 'processing', ADMIN, 'Kembalikan', 'action', {
    signer: true,
    noteRequired: true,
  }),
];

/** The allowed change from one status to another, whoever makes it; undefined when there is none. */
export function findTransition(from: LetterStatus, to: LetterStatus): LetterTransition | undefined {
  return LETTER_TRANSITIONS.find((x) => x.from === from && x.to === to);
}

/**
 * True when someone with this role may move a request from `from` to `to`, for a type with or
 * without approval and an actor who is or is not the designated signer (`ctx`; default: a type
 * without approval, not the signer).
 */
export function canTransition(
  from: LetterStatus,
  to: LetterStatus,
  actorRole: Role,
  ctx: TransitionContext = {},
): boolean {
  const x = findTransition(from, to);
  return x !== undefined && x.actors.includes(actorRole) && transitionApplies(x, ctx);
}

/**
 * The status actions this role can take on a request in this status (edits and the signer's
 * approval, which needs the password or PIN, excluded).
 */
export function availableTransitions(
  from: LetterStatus,
  actorRole: Role,
  ctx: TransitionContext = {},
): LetterTransition[] {
  return LETTER_TRANSITIONS.filter(
    (x) =>
      x.from === from &&
      x.via === 'action' &&
      x.actors.includes(actorRole) &&
      transitionApplies(x, ctx),
  );
}

/** Every status this role may set on some request (the targets of its transitions, actions and edits). */
export function statusesRoleMaySet(actorRole: Role): LetterStatus[] {
  return LETTER_STATUSES.filter((to) =>
    LETTER_TRANSITIONS.some((x) => x.to === to && x.actors.includes(actorRole)),
  );
}

/** The statuses this role may move a request in `from` to by a status action (edits excluded). */
export function statusesRoleMaySetFrom(
  from: LetterStatus,
  actorRole: Role,
  ctx: TransitionContext = {},
): LetterStatus[] {
  return availableTransitions(from, actorRole, ctx).map((x) => x.to);
}

/** Statuses an administrator may delete a request in; issued letters are records and stay. */
export const DELETABLE_STATUSES: readonly LetterStatus[] = ['cancelled', 'rejected'];

/** True when a request in this status may be deleted (by an administrator). */
export function canDeleteLetter(status: LetterStatus): boolean {
  return DELETABLE_STATUSES.includes(status);
}

/** The 409 message for a change that is not allowed. */
export function transitionError(from: LetterStatus, to: LetterStatus): string {
  return `Status surat tidak dapat diubah dari "${LETTER_STATUS_LABELS[from]}" menjadi "${LETTER_STATUS_LABELS[to]}".`;
}

/** Statuses in which the resident may still edit the request. */
export const RESIDENT_EDITABLE_STATUSES: readonly LetterStatus[] = ['submitted', 'needs_revision'];

/**
 * True when someone with this role may edit a request in this status. Nobody edits a letter
 * awaiting signature: the signer approves what they saw.
 */
export function canEditLetter(status: LetterStatus, role: Role): boolean {
  if (role === RESIDENT_ROLE) return RESIDENT_EDITABLE_STATUSES.includes(status);
  return !FINAL_STATUSES.includes(status) && status !== 'awaiting_signature';
}

/** The status a request has after an edit: editing one that "needs revision" resubmits it. */
export function statusAfterEdit(status: LetterStatus): LetterStatus {
  return status === 'needs_revision' ? 'submitted' : status;
}

const NOTE_LABEL = 'Catatan';
const NOTE_MAX = 1000;

/** Body of a status change: the new status and, for Perlu Dilengkapi and Ditolak, a note. */
export const letterStatusChangeSchema = z
  .object({
    status: z.enum(LETTER_STATUSES, { error: msg.chooseOne('Status') }),
    note: z.preprocess(
      (v) => (typeof v === 'string' ? cleanPlainText(v, true) || null : (v ?? null)),
      z
        .string({ error: msg.text(NOTE_LABEL) })
        .max(NOTE_MAX, msg.maxLength(NOTE_LABEL, NOTE_MAX))
        .nullable(),
    ),
  })
  .refine((v) => !transitionNeedsNote(v.status) || v.note !== null, {
    message: msg.noteRequired(NOTE_LABEL),
    path: ['note'],
  });
export type LetterStatusChange = z.infer<typeof letterStatusChangeSchema>;
