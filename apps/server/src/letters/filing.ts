/**
 * Filing a letter request (DESIGN section 4): a resident for themselves, an administrator for a
 * resident or for a person whose details they type, with the photos of the requirements the
 * resident sends along (ADR 0015). The request, its first event, notifications and audit row are
 * written together; the same Idempotency-Key returns the first request.
 */
import {
  applicantFromProfile,
  can,
  RESIDENT_ROLE,
  missingApplicantFields,
  requiredOnline,
  type ApplicantSnapshot,
  type FieldValues,
  type LetterType,
} from '@balai/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { HttpError, conflict, forbidden, invalidField } from '../lib/http-error.ts';
import {
  findLetterRequestByIdempotencyKey,
  type LetterEventView,
  type LetterRequestRow,
} from '../repositories/letter-requests.ts';
import { findStaged } from '../repositories/letter-attachments.ts';
import {
  AttachmentsChanged,
  fileLetterRequest,
  SubmissionCapReached,
} from '../repositories/letter-submissions.ts';
import { findUserById, type UserRow } from '../repositories/users.ts';
import { identityVerified } from '../services/identity.ts';
import { adminLinkPrefix, adminNotice, filedForYouNotice, residentLinkPrefix } from './notices.ts';
import { letterMessage } from './notice-messages.ts';
import { hasNoticeChannels, queuePersonMessage } from '../repositories/notice-outbox.ts';
import { profileIncomplete, type ApplicantInput } from './request-guards.ts';
import { assertAccountLiving, deskSubject, residentSubject } from './family.ts';
import { capError } from './submission-caps.ts';
import type { Actor, WorkflowDeps } from './types.ts';

export interface CreateInput {
  data: FieldValues;
  applicantId?: number | undefined;
  applicant?: ApplicantInput | undefined;
  idempotencyKey?: string | undefined;
  /** Ids of the resident's staged photos of the requirements, sent with it (ADR 0015). */
  attachmentIds?: readonly number[] | undefined;
  /** The register person it is for: a member of the resident's family, or anyone (office). */
  subjectPersonId?: number | undefined;
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
  /** The register person it is for (issue 21); null when not known. */
  let subjectPersonId: number | null = null;
  /** The office files for others (the policy's answer); a resident only for themselves. */
  const office = can(user, 'admin.access');
  if (!office) {
    if (input.applicantId !== undefined || input.applicant !== undefined) {
      throw forbidden('Hanya administrator yang dapat mengajukan surat atas nama orang lain.');
    }
    // For themselves or a member of their family (issue 21, letters/family.ts).
    const subject = await residentSubject(db, user, input.subjectPersonId);
    subjectPersonId = subject.personId;
    if (subject.applicant) {
      applicant = subject.applicant;
    } else {
      const missing = missingApplicantFields(user);
      if (missing.length > 0) throw profileIncomplete(missing, 'own');
      applicant = applicantFromProfile(user);
    }
    applicantVerified = subject.verified;
    applicantUser = user;
  } else if (input.subjectPersonId !== undefined) {
    // The desk picked a person of the register: their block, their account (if any) follows it.
    if (input.applicantId !== undefined || input.applicant !== undefined) {
      throw invalidField(
        'subject_person_id',
        'Pilih penduduk dari buku induk atau warga pemohon, tidak keduanya.',
      );
    }
    const subject = await deskSubject(db, user, input.subjectPersonId);
    subjectPersonId = subject.personId;
    applicant = subject.applicant!;
    applicantVerified = subject.verified;
    applicantUser = subject.applicantUser;
  } else {
    applicantUser = null;
    if (input.applicantId !== undefined) {
      const target = await findUserById(db, input.applicantId);
      if (!target || target.role !== RESIDENT_ROLE) {
        throw invalidField('applicant_id', 'Warga pemohon tidak ditemukan.');
      }
      subjectPersonId = await assertAccountLiving(db, user, target);
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
  if (office && (input.attachmentIds?.length ?? 0) > 0) {
    throw invalidField(
      'attachments',
      'Administrator menambahkan foto lampiran setelah permohonan diajukan.',
    );
  }
  const attach = office ? null : await attachmentsToLink(db, type, user, input.attachmentIds ?? []);

  const notice = adminNotice(type, applicant.name ?? '', { kind: 'new' });
  const onBehalf = applicantUser !== null && applicantUser.id !== user.id;
  const resident = onBehalf ? filedForYouNotice(type) : null;
  try {
    const now = new Date().toISOString();
    // One statement on PostgreSQL; on SQLite a commit shared with the submissions arriving at
    // the same moment (ADR 0010).
    const tellReceived =
      applicantUser && (await hasNoticeChannels(db, applicantUser.id)) ? applicantUser.id : null;
    const { row, eventId } = await fileLetterRequest(db, {
      type: type.code,
      applicantUserId: applicantUser?.id ?? null,
      filedBy: user.id,
      subjectPersonId,
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
      auditDetail: {
        type: type.code,
        on_behalf:
          applicantUser?.id !== user.id ||
          (subjectPersonId !== null && subjectPersonId !== user.register_person_id),
        ...(subjectPersonId === null ? {} : { subject_person_id: subjectPersonId }),
      },
      // Only a resident's own submissions are capped; the office files as it needs to.
      caps: office ? null : (deps.caps ?? null),
      attach,
      // "Received", to the resident's own channels, in the filing's transaction (issue 22).
      afterFiled: tellReceived
        ? (trx, filed) =>
            queuePersonMessage(
              trx,
              [tellReceived],
              letterMessage(type, filed.id, 'submitted', null)!,
              filed.id,
            )
        : null,
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
