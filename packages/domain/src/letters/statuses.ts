import { z } from 'zod';
import { msg } from '../messages.ts';
import { cleanPlainText } from '../plain-text.ts';
import type { Role } from '../roles.ts';

/** The statuses of a letter request (DESIGN.md section 4), in lifecycle order. */
export const LETTER_STATUSES = [
  'submitted',
  'needs_revision',
  'processing',
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
  completed: 'Selesai',
  rejected: 'Ditolak',
  cancelled: 'Dibatalkan',
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
  /** 'edit': happens by saving the request's form, not by a status action. */
  readonly via: 'action' | 'edit';
  /** Button text for the action, e.g. "Tolak". */
  readonly actionLabel: string;
}

const ADMIN: readonly Role[] = ['ADMINISTRATOR'];
const RESIDENT: readonly Role[] = ['WARGA'];
const t = (
  from: LetterStatus,
  to: LetterStatus,
  actors: readonly Role[],
  actionLabel: string,
  via: 'action' | 'edit' = 'action',
): LetterTransition => ({
  from,
  to,
  actors,
  actionLabel,
  via,
  noteRequired: transitionNeedsNote(to),
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
  t('processing', 'completed', ADMIN, 'Terbitkan Surat'),
  t('processing', 'rejected', ADMIN, 'Tolak'),
  t('processing', 'needs_revision', ADMIN, 'Minta Dilengkapi'),
];

/** The allowed change from one status to another, whoever makes it; undefined when there is none. */
export function findTransition(from: LetterStatus, to: LetterStatus): LetterTransition | undefined {
  return LETTER_TRANSITIONS.find((x) => x.from === from && x.to === to);
}

/** True when someone with this role may move a request from `from` to `to`. */
export function canTransition(from: LetterStatus, to: LetterStatus, actorRole: Role): boolean {
  return findTransition(from, to)?.actors.includes(actorRole) ?? false;
}

/** The status actions this role can take on a request in this status (edits excluded). */
export function availableTransitions(from: LetterStatus, actorRole: Role): LetterTransition[] {
  return LETTER_TRANSITIONS.filter(
    (x) => x.from === from && x.via === 'action' && x.actors.includes(actorRole),
  );
}

/** Every status this role may set on some request (the targets of its transitions, actions and edits). */
export function statusesRoleMaySet(actorRole: Role): LetterStatus[] {
  return LETTER_STATUSES.filter((to) =>
    LETTER_TRANSITIONS.some((x) => x.to === to && x.actors.includes(actorRole)),
  );
}

/** The statuses this role may move a request in `from` to by a status action (edits excluded). */
export function statusesRoleMaySetFrom(from: LetterStatus, actorRole: Role): LetterStatus[] {
  return availableTransitions(from, actorRole).map((x) => x.to);
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

/** True when someone with this role may edit a request in this status. */
export function canEditLetter(status: LetterStatus, role: Role): boolean {
  if (role === 'WARGA') return RESIDENT_EDITABLE_STATUSES.includes(status);
  return !FINAL_STATUSES.includes(status);
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
