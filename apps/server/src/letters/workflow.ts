/**
 * The lifecycle of a letter request (DESIGN section 4): filing (filing.ts), editing, status
 * changes and deleting; moving to `completed` hands over to issuing.ts. Every change runs in one
 * transaction with its event, notifications and audit row; a change applies only if the request
 * still has the status its author saw, so of two people acting at once exactly one wins and the
 * other gets a 409.
 */
import type { Kysely } from 'kysely';
import {
  DELETABLE_STATUSES,
  LETTER_STATUS_LABELS,
  LETTER_TRANSITIONS,
  applicantFromProfile,
  canDeleteLetter,
  canEditLetter,
  fieldErrors,
  can,
  findTransition,
  letterChanges,
  letterSchema,
  msg,
  statusAfterEdit,
  transitionError,
  type ApplicantSnapshot,
  type FieldValues,
  type LetterStatus,
  type LetterType,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { HttpError, conflict, forbidden, invalidField } from '../lib/http-error.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import {
  deleteLetterRequestIfStatus,
  insertLetterEvent,
  parseApplicant,
  parseData,
  updateLetterRequestIfStatus,
  type LetterRequestRow,
} from '../repositories/letter-requests.ts';
import { releaseRequestAttachments } from '../repositories/letter-attachments.ts';
import { insertNotifications, notifyActiveAdmins } from '../repositories/notifications.ts';
import { identityVerified } from '../services/identity.ts';
import { REQUEST_NOT_FOUND, staleConflict } from './conflicts.ts';
import { issueLetter } from './issuing.ts';
import {
  assertSigningTransition,
  signingEffects,
  signingState,
  touchesSigning,
  type SigningState,
} from './signing-rules.ts';
import { adminLink, adminNotice, residentLink, residentNotice, type Notice } from './notices.ts';
import { letterMessage } from './notice-messages.ts';
import type { PersonMessage } from '../repositories/notice-outbox.ts';
import { findVisibleRequest, type ApplicantInput } from './request-guards.ts';
import { assertSubjectLiving, resaveApplicant } from './family.ts';
import type { Actor, WorkflowDeps } from './types.ts';

export type { Actor, WorkflowDeps } from './types.ts';
export { createLetterRequest, type CreateInput } from './filing.ts';
export { findVisibleRequest, type ApplicantInput } from './request-guards.ts';

export { REQUEST_NOT_FOUND };
const ADMIN_ONLY = 'Hanya administrator yang dapat melakukan tindakan ini.';
const RESIDENT_ONLY = 'Hanya pemohon yang dapat membatalkan permohonannya.';
const NOTHING_TO_CHANGE = 'Kirim isian yang diubah atau status yang baru.';
/** The office's moves towards an issued letter. */
const FORWARD: readonly LetterStatus[] = ['processing', 'awaiting_signature', 'completed'];

/** Validates the whole of a type's data; a 422 naming each failing field. */
function validData(type: LetterType, values: Record<string, unknown>): FieldValues {
  const parsed = letterSchema(type).safeParse(values);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  const first = Object.values(errors)[0]?.[0] ?? 'Periksa kembali isian Anda.';
  throw new HttpError(422, first, errors);
}

async function notifyAdmins(
  db: Kysely<Database>,
  type: LetterType,
  row: LetterRequestRow,
  notice: Notice,
  exceptId: number,
  now: string,
): Promise<void> {
  await notifyActiveAdmins(
    db,
    { ...notice, link: adminLink(type, row.id), letter_request_id: row.id, created_at: now },
    exceptId,
  );
}

async function notifyResident(
  db: Kysely<Database>,
  type: LetterType,
  row: LetterRequestRow,
  notice: Notice,
  now: string,
  message: PersonMessage | null = null,
): Promise<void> {
  if (row.applicant_user_id === null) return;
  await insertNotifications(db, [row.applicant_user_id], {
    ...notice,
    link: residentLink(type, row.id),
    letter_request_id: row.id,
    created_at: now,
    message,
  });
}

// ---- Editing and status changes -------------------------------------------------------------

export interface ChangeInput {
  /** The type's fields present in the body, each already valid on its own. */
  fields: Record<string, unknown>;
  status?: LetterStatus | undefined;
  note?: string | null | undefined;
  /** Admin only: a corrected applicant block. */
  applicant?: ApplicantInput | undefined;
}

function editClosed(status: LetterStatus, office: boolean): HttpError {
  return conflict(
    office
      ? `Permohonan berstatus "${LETTER_STATUS_LABELS[status]}" tidak dapat diubah lagi.`
      : `Permohonan berstatus "${LETTER_STATUS_LABELS[status]}" tidak dapat diubah lagi. Permohonan hanya dapat diubah selama berstatus "Diajukan" atau "Perlu Dilengkapi".`,
  );
}

/**
 * Saves a request's fields and/or moves it to another status. Editing a request that "needs
 * revision" resubmits it; a resident's save takes the applicant block afresh from their
 * profile (they may have corrected it); moving to `completed` issues the letter.
 */
export async function changeLetterRequest(
  deps: WorkflowDeps,
  type: LetterType,
  actor: Actor,
  id: number,
  input: ChangeInput,
): Promise<LetterRequestRow> {
  const { db } = deps;
  const user = actor.user;
  const role = user.role;
  /** The office's side of the request (the policy's answer), or the resident's. */
  const office = can(user, 'admin.access');
  const row = await findVisibleRequest(db, type, user, id);
  const from = row.status;
  if (input.applicant !== undefined && !office) {
    throw forbidden('Hanya administrator yang dapat mengubah data pemohon.');
  }
  const editsFields = Object.keys(input.fields).length > 0;
  const editing = editsFields || input.applicant !== undefined;
  if (editing && !canEditLetter(from, role)) throw editClosed(from, office);

  if (input.status === undefined && !editing) {
    throw new HttpError(422, NOTHING_TO_CHANGE, { status: [NOTHING_TO_CHANGE] });
  }
  const to: LetterStatus = input.status ?? statusAfterEdit(from);
  const changesStatus = to !== from;
  if (!changesStatus && !editing) {
    throw conflict(`Permohonan ini sudah berstatus "${LETTER_STATUS_LABELS[from]}".`);
  }
  let signing: SigningState | null = null;
  if (changesStatus) {
    // A status only the other side can ever set is a 403 whatever the current status.
    if (!LETTER_TRANSITIONS.some((t) => t.to === to && t.actors.includes(role))) {
      throw forbidden(office ? RESIDENT_ONLY : ADMIN_ONLY);
    }
    const transition = findTransition(from, to);
    if (!transition) throw conflict(transitionError(from, to));
    if (!transition.actors.includes(role)) {
      throw forbidden(office ? RESIDENT_ONLY : ADMIN_ONLY);
    }
    // Around signing, the type's approval setting and the actor's signing power decide too.
    if (touchesSigning(from, to)) {
      signing = await signingState(db, user);
      await assertSigningTransition(db, signing, type, transition);
    }
    if (transition.noteRequired && !input.note) {
      throw invalidField('note', msg.noteRequired('Catatan'));
    }
  }

  const data = editsFields ? validData(type, { ...parseData(row), ...input.fields }) : undefined;
  let applicant: ApplicantSnapshot | undefined;
  if (input.applicant !== undefined) {
    applicant = applicantFromProfile(input.applicant);
  } else if (editing && !office) {
    // Their profile, or the register for a family member's letter (issue 21).
    applicant = await resaveApplicant(db, user, row);
  }
  // A snapshot retaken from the resident's profile is as verified as that profile is now.
  const applicantVerified =
    applicant && input.applicant === undefined ? (identityVerified(user) ? 1 : 0) : undefined;
  const note = changesStatus ? (input.note ?? null) : undefined;
  // No letter goes forward for a person who has since died, moved away or been lost (issue 21).
  if (changesStatus && office && FORWARD.includes(to)) await assertSubjectLiving(db, user, row);

  if (to === 'completed') return issueLetter(deps, type, actor, row, { data, applicant, note });

  const changes = editing
    ? letterChanges(
        type,
        { data: parseData(row), applicant: parseApplicant(row) },
        { data: data ?? parseData(row), applicant: applicant ?? parseApplicant(row) },
      )
    : [];

  const effects =
    signing && changesStatus
      ? signingEffects(signing, type, actor, from, to, note ?? null, deps.publicUrl)
      : null;
  const result = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const updated = await updateLetterRequestIfStatus(trx, row.id, from, {
      ...(changesStatus ? { status: to, note } : {}),
      ...(data ? { data } : {}),
      ...(applicant ? { applicant, applicant_verified: applicantVerified } : {}),
      now,
    });
    if (!updated) throw await staleConflict(trx, row.id);
    // Every status change and every edit that changed something is a line of the timeline; an
    // edit carries its old and new values (an edit alone: from_status = to_status).
    if (changesStatus || changes.length > 0) {
      await insertLetterEvent(trx, {
        letter_request_id: row.id,
        actor_id: user.id,
        from_status: from,
        to_status: to,
        note: note ?? null,
        changes: changes.length > 0 ? JSON.stringify(changes) : null,
        created_at: now,
      });
    }
    if (office) {
      await notifyResident(
        trx,
        type,
        updated,
        effects?.residentNotice?.(updated.id) ??
          residentNotice(type, updated.id, to, {
            changedStatus: changesStatus,
            note: input.note ?? null,
          }),
        now,
        // Needs completing or rejected: to the resident's WhatsApp/Telegram/e-mail too (issue 22).
        changesStatus && (to === 'needs_revision' || to === 'rejected')
          ? letterMessage(type, updated.id, to, input.note ?? null)
          : null,
      );
    } else if (changesStatus && (to === 'submitted' || to === 'cancelled')) {
      const what = to === 'submitted' ? 'resubmitted' : 'cancelled';
      await notifyAdmins(
        trx,
        type,
        updated,
        adminNotice(type, updated.applicant_name, { kind: what, id: updated.id }, note),
        user.id,
        now,
      );
    }
    await writeAudit(trx, {
      action: changesStatus ? 'letter.status' : 'letter.update',
      user_id: user.id,
      subject_type: 'letter_request',
      subject_id: row.id,
      ip: actor.ip,
      detail: {
        type: type.code,
        ...(changesStatus ? { from, to } : {}),
        ...(editsFields ? { fields: Object.keys(input.fields) } : {}),
        ...(applicant ? { applicant: true } : {}),
        ...(changes.length > 0 ? { changes } : {}),
      },
    });
    await effects?.record(trx, updated, now);
    return updated;
  });
  return result;
}

// ---- Deleting -------------------------------------------------------------------------------

/** An administrator removes a cancelled or rejected request; issued letters are records and stay. */
export async function deleteLetterRequest(
  deps: WorkflowDeps,
  type: LetterType,
  actor: Actor,
  id: number,
): Promise<void> {
  const row = await findVisibleRequest(deps.db, type, actor.user, id);
  if (!canDeleteLetter(row.status)) {
    throw conflict(
      `Permohonan berstatus "${LETTER_STATUS_LABELS[row.status]}" tidak dapat dihapus. Hanya permohonan yang dibatalkan atau ditolak yang dapat dihapus.`,
    );
  }
  await deps.db.transaction().execute(async (trx) => {
    // Its photos leave it first and are kept for the retention period (docs/operations.md).
    await releaseRequestAttachments(trx, row.id, new Date().toISOString());
    if (!(await deleteLetterRequestIfStatus(trx, row.id, DELETABLE_STATUSES))) {
      throw await staleConflict(trx, row.id);
    }
    await writeAudit(trx, {
      action: 'letter.delete',
      user_id: actor.user.id,
      subject_type: 'letter_request',
      subject_id: row.id,
      ip: actor.ip,
      detail: { type: type.code, status: row.status },
    });
  });
}
