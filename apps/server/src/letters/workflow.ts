/**
 * The lifecycle of a letter request (DESIGN section 4): filing, editing, status changes and
 * deleting; moving to `completed` hands over to issuing.ts. Every change runs in one transaction
 * with its event, notifications and audit row; a change applies only if the request still has
 * the status its author saw, so of two people acting at once exactly one wins and the other
 * gets a 409.
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
  findTransition,
  isAdmin,
  letterChanges,
  letterSchema,
  missingApplicantFields,
  msg,
  requiredOnline,
  statusAfterEdit,
  transitionError,
  type ApplicantField,
  type ApplicantSnapshot,
  type FieldValues,
  type LetterStatus,
  type LetterType,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { HttpError, conflict, forbidden, invalidField, notFound } from '../lib/http-error.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import {
  deleteLetterRequestIfStatus,
  findLetterRequest,
  findLetterRequestByIdempotencyKey,
  insertLetterEvent,
  parseApplicant,
  parseData,
  updateLetterRequestIfStatus,
  type LetterEventView,
  type LetterRequestRow,
} from '../repositories/letter-requests.ts';
import { findStaged, releaseRequestAttachments } from '../repositories/letter-attachments.ts';
import {
  AttachmentsChanged,
  fileLetterRequest,
  SubmissionCapReached,
} from '../repositories/letter-submissions.ts';
import { insertNotifications, notifyActiveAdmins } from '../repositories/notifications.ts';
import { findUserById, type UserRow } from '../repositories/users.ts';
import { identityVerified } from '../services/identity.ts';
import { REQUEST_NOT_FOUND, staleConflict } from './conflicts.ts';
import { issueLetter } from './issuing.ts';
import {
  assertSigningTransition,
  sendMails,
  signingEffects,
  signingState,
  touchesSigning,
  type SigningState,
} from './signing-rules.ts';
import { capError } from './submission-caps.ts';
import {
  adminLink,
  adminLinkPrefix,
  adminNotice,
  filedForYouNotice,
  residentLink,
  residentLinkPrefix,
  residentNotice,
  type Notice,
} from './notices.ts';
import type { Actor, WorkflowDeps } from './types.ts';

export type { Actor, WorkflowDeps } from './types.ts';

export { REQUEST_NOT_FOUND };
const ADMIN_ONLY = 'Hanya administrator yang dapat melakukan tindakan ini.';
const RESIDENT_ONLY = 'Hanya pemohon yang dapat membatalkan permohonannya.';
const NOTHING_TO_CHANGE = 'Kirim isian yang diubah atau status yang baru.';

/** An applicant block typed by an administrator (the output of `applicantSchema`). */
export type ApplicantInput = Partial<Record<ApplicantField, unknown>>;

/**
 * The request at this type's base that the user may see. A resident sees only their own; a
 * request of another resident, of another type, or that does not exist is the same 404.
 */
export async function findVisibleRequest(
  db: Kysely<Database>,
  type: LetterType,
  user: UserRow,
  id: number,
): Promise<LetterRequestRow> {
  const row = await findLetterRequest(db, id);
  if (!row || row.type !== type.code) throw notFound(REQUEST_NOT_FOUND);
  if (!isAdmin(user) && row.applicant_user_id !== user.id) {
    throw notFound(REQUEST_NOT_FOUND);
  }
  return row;
}

function profileIncomplete(missing: string[], whose: 'own' | string): HttpError {
  const list = missing.join(', ');
  const message =
    whose === 'own'
      ? `Lengkapi profil Anda sebelum mengajukan surat. Data yang belum diisi: ${list}.`
      : `Profil ${whose} belum lengkap untuk mengajukan surat. Data yang belum diisi: ${list}.`;
  return new HttpError(422, message, {
    [whose === 'own' ? 'profile' : 'applicant_id']: missing.map((label) => msg.required(label)),
  });
}

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
): Promise<void> {
  if (row.applicant_user_id === null) return;
  await insertNotifications(db, [row.applicant_user_id], {
    ...notice,
    link: residentLink(type, row.id),
    letter_request_id: row.id,
    created_at: now,
  });
}

// ---- Filing ---------------------------------------------------------------------------------

export interface CreateInput {
  data: FieldValues;
  applicantId?: number | undefined;
  applicant?: ApplicantInput | undefined;
  idempotencyKey?: string | undefined;
  /** Ids of the resident's staged photos of the requirements, sent with it (ADR 0015). */
  attachmentIds?: readonly number[] | undefined;
}

/**
 * The photos a resident sends with a new request: every id must be one of their photos staged
 * for this type, and every requirement the type needs online must be among them (a 422 naming
 * the missing ones). Checked again, atomically, when they are linked.
 */
async function attachmentsToLink(
  db: Kysely<Database>,
  type: LetterType,
  user: UserRow,
  ids: readonly number[],
): Promise<{ ownerId: number; ids: number[]; requiredKeys: string[] } | null> {
  const unique = [...new Set(ids)];
  const required = requiredOnline(type);
  if (unique.length === 0 && required.length === 0) return null;
  const staged = await findStaged(db, user.id, type.code, unique);
  if (staged.length !== unique.length) throw attachmentsGone();
  const have = new Set(staged.map((a) => a.requirement));
  const missing = required.filter((r) => !have.has(r.key));
  if (missing.length > 0) {
    const names = missing.map((r) => r.label).join('; ');
    throw new HttpError(422, `Lampirkan foto dokumen wajib sebelum mengirim: ${names}.`, {
      attachments: missing.map((r) => `${r.label} wajib dilampirkan.`),
    });
  }
  return { ownerId: user.id, ids: unique, requiredKeys: required.map((r) => r.key) };
}

const attachmentsGone = () =>
  new HttpError(
    422,
    'Sebagian foto lampiran tidak ditemukan lagi (mungkin sudah dihapus atau terkirim dengan permohonan lain). Periksa daftar persyaratan, lalu kirim lagi.',
    { attachments: ['Foto lampiran tidak ditemukan lagi.'] },
  );

/**
 * Files a request. A resident files for themselves, with the applicant block taken from their
 * profile; an administrator files for a registered resident (`applicant_id`) or for a person
 * whose applicant block they type (`applicant`). The same Idempotency-Key from the same filer
 * returns the request it created the first time.
 */
export async function createLetterRequest(
  deps: WorkflowDeps,
  type: LetterType,
  actor: Actor,
  input: CreateInput,
): Promise<{ row: LetterRequestRow; replayed: boolean; events?: LetterEventView[] }> {
  const { db } = deps;
  const user = actor.user;
  const replay = async (): Promise<LetterRequestRow | undefined> => {
    if (!input.idempotencyKey) return undefined;
    const existing = await findLetterRequestByIdempotencyKey(db, user.id, input.idempotencyKey);
    if (existing && existing.type !== type.code) {
      throw conflict('Idempotency-Key ini sudah dipakai untuk permohonan surat jenis lain.');
    }
    return existing;
  };
  const earlier = await replay();
  if (earlier) return { row: earlier, replayed: true };

  let applicant: ApplicantSnapshot;
  let applicantUser: UserRow | null;
  /** True when the snapshot is taken from a profile the office has verified. */
  let applicantVerified = false;
  if (!isAdmin(user)) {
    if (input.applicantId !== undefined || input.applicant !== undefined) {
      throw forbidden('Hanya administrator yang dapat mengajukan surat atas nama orang lain.');
    }
    const missing = missingApplicantFields(user);
    if (missing.length > 0) throw profileIncomplete(missing, 'own');
    applicant = applicantFromProfile(user);
    applicantVerified = identityVerified(user);
    applicantUser = user;
  } else {
    applicantUser = null;
    if (input.applicantId !== undefined) {
      const target = await findUserById(db, input.applicantId);
      if (!target || target.role !== 'WARGA') {
        throw invalidField('applicant_id', 'Warga pemohon tidak ditemukan.');
      }
      applicantUser = target;
    }
    if (input.applicant !== undefined) {
      applicant = applicantFromProfile(input.applicant);
    } else if (applicantUser) {
      const missing = missingApplicantFields(applicantUser);
      if (missing.length > 0) throw profileIncomplete(missing, applicantUser.name);
      applicant = applicantFromProfile(applicantUser);
      applicantVerified = identityVerified(applicantUser);
    } else {
      throw invalidField('applicant_id', 'Pilih warga pemohon atau isi data pemohon.');
    }
  }
  const data = { ...input.data };
  if (!data.phone && applicantUser?.phone) data.phone = applicantUser.phone;
  // A resident sends the photos with the request; the office, filing at the desk, sees the
  // papers and adds photos to the filed request if it wants them.
  if (isAdmin(user) && (input.attachmentIds?.length ?? 0) > 0) {
    throw invalidField(
      'attachments',
      'Administrator menambahkan foto lampiran setelah permohonan diajukan.',
    );
  }
  const attach = isAdmin(user)
    ? null
    : await attachmentsToLink(db, type, user, input.attachmentIds ?? []);

  const notice = adminNotice(type, applicant.name ?? '', { kind: 'new' });
  const onBehalf = applicantUser !== null && applicantUser.id !== user.id;
  const resident = onBehalf ? filedForYouNotice(type) : null;
  try {
    const now = new Date().toISOString();
    // One statement on PostgreSQL; on SQLite a commit shared with the submissions arriving at
    // the same moment (ADR 0010).
    const { row, eventId } = await fileLetterRequest(db, {
      type: type.code,
      applicantUserId: applicantUser?.id ?? null,
      filedBy: user.id,
      applicant,
      applicantVerified,
      data,
      idempotencyKey: input.idempotencyKey ?? null,
      now,
      adminNotice: { ...notice, linkPrefix: adminLinkPrefix(type) },
      residentNotice:
        resident && applicantUser
          ? { ...resident, userId: applicantUser.id, linkPrefix: residentLinkPrefix(type) }
          : null,
      ip: actor.ip,
      auditDetail: { type: type.code, on_behalf: applicantUser?.id !== user.id },
      // Only a resident's own submissions are capped; the office files as it needs to.
      caps: user.role === 'ADMINISTRATOR' ? null : (deps.caps ?? null),
      attach,
    });
    // The new request's whole history, so the answer needs no second read.
    const events: LetterEventView[] = [
      {
        id: eventId,
        from_status: null,
        to_status: 'submitted',
        note: null,
        changes: null,
        created_at: row.created_at,
        actor_name: user.name,
        actor_role: user.role,
      },
    ];
    return { row, replayed: false, events };
  } catch (err) {
    if (err instanceof SubmissionCapReached) throw capError(err, type);
    if (err instanceof AttachmentsChanged) throw attachmentsGone();
    // The same key sent twice at once: the second insert loses on the unique constraint.
    if (
      isUniqueViolation(err, {
        constraint: 'letter_requests_idempotency_key',
        columns: 'letter_requests.filed_by, letter_requests.idempotency_key',
      })
    ) {
      const existing = await replay();
      if (existing) return { row: existing, replayed: true };
    }
    throw err;
  }
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

function editClosed(status: LetterStatus, role: UserRow['role']): HttpError {
  return conflict(
    role === 'WARGA'
      ? `Permohonan berstatus "${LETTER_STATUS_LABELS[status]}" tidak dapat diubah lagi. Permohonan hanya dapat diubah selama berstatus "Diajukan" atau "Perlu Dilengkapi".`
      : `Permohonan berstatus "${LETTER_STATUS_LABELS[status]}" tidak dapat diubah lagi.`,
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
  const row = await findVisibleRequest(db, type, user, id);
  const from = row.status;
  if (input.applicant !== undefined && !isAdmin(user)) {
    throw forbidden('Hanya administrator yang dapat mengubah data pemohon.');
  }
  const editsFields = Object.keys(input.fields).length > 0;
  const editing = editsFields || input.applicant !== undefined;
  if (editing && !canEditLetter(from, role)) throw editClosed(from, role);

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
      throw forbidden(role === 'WARGA' ? ADMIN_ONLY : RESIDENT_ONLY);
    }
    const transition = findTransition(from, to);
    if (!transition) throw conflict(transitionError(from, to));
    if (!transition.actors.includes(role)) {
      throw forbidden(role === 'WARGA' ? ADMIN_ONLY : RESIDENT_ONLY);
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
  } else if (editing && role === 'WARGA') {
    const missing = missingApplicantFields(user);
    if (missing.length > 0) throw profileIncomplete(missing, 'own');
    applicant = applicantFromProfile(user);
  }
  // A snapshot retaken from the resident's profile is as verified as that profile is now.
  const applicantVerified =
    applicant && input.applicant === undefined ? (identityVerified(user) ? 1 : 0) : undefined;
  const note = changesStatus ? (input.note ?? null) : undefined;

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
    if (isAdmin(user)) {
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
  if (effects) sendMails(deps, effects.mails);
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
