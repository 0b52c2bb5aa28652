import { z } from 'zod';
import {
  APPLICANT_FIELDS,
  LETTER_CODES,
  LETTER_STATUSES,
  LETTER_STATUS_LABELS,
  MAX_ID,
  ROLES,
  apiPaths,
  availableTransitions,
  canEditLetter,
  isRealIsoDate,
  letterTypeByCode,
  msg,
  noteFor,
  publicPaths,
  type LetterType,
  type TransitionContext,
} from '@balai/domain';
import { metaSchema, pageQuery } from '../../lib/pagination.ts';
import {
  parseApplicant,
  parseData,
  type LetterRequestRow,
} from '../../repositories/letter-requests.ts';
import type { UserRow } from '../../repositories/users.ts';
import { letterName } from '../../letters/notices.ts';
import { attachmentSchema } from './attachment-schema.ts';

/** Response shapes of the letter engine; plain schemas so they serialise and document cleanly. */

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const applicantOutSchema = z.object(
  Object.fromEntries(
    APPLICANT_FIELDS.map((f) => [f.name, z.string().nullable().describe(f.label)]),
  ),
);

export const letterActionSchema = z.object({
  status: z.enum(LETTER_STATUSES),
  label: z.string(),
  note_required: z.boolean(),
});

export const letterEventSchema = z.object({
  id: z.number(),
  from_status: z.enum(LETTER_STATUSES).nullable(),
  to_status: z.enum(LETTER_STATUSES),
  to_label: z.string(),
  note: z.string().nullable(),
  /** What an edit changed, field by field (null for a status change alone). */
  changes: z
    .array(
      z.object({
        field: z.string(),
        label: z.string(),
        old: z.string().nullable(),
        new: z.string().nullable(),
      }),
    )
    .nullable(),
  actor_name: z.string().nullable(),
  actor_role: z.enum(ROLES).nullable(),
  created_at: z.string(),
});

export const letterPdfRefSchema = z.object({
  history_id: z.number(),
  sha256: z.string(),
  /** API path of the download. */
  url: z.string(),
});

export const letterRequestSchema = z.object({
  id: z.number(),
  type: z.enum(LETTER_CODES),
  type_title: z.string(),
  letter_title: z.string(),
  status: z.enum(LETTER_STATUSES),
  status_label: z.string(),
  number: z.string().nullable(),
  applicant_user_id: z.number().nullable(),
  applicant: applicantOutSchema,
  /** The applicant block was taken from a profile the office had verified, when it was filed (or last retaken). */
  applicant_verified: z.boolean(),
  fields: z.record(z.string(), fieldValue),
  purpose: z.string().nullable(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  editable: z.boolean(),
  actions: z.array(letterActionSchema),
  pdf: letterPdfRefSchema.nullable(),
  verify_url: z.string().nullable(),
  issued_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Who approved an issued letter (issue 15, docs/signing.md); null when nobody signed it. */
export const letterSignatureSchema = z
  .object({
    name: z.string(),
    position: z.string(),
    position_label: z.string(),
    on_behalf: z.boolean(),
    on_behalf_label: z.string().nullable(),
    signed_at: z.string(),
  })
  .nullable();

export const letterRequestDetailSchema = letterRequestSchema.extend({
  signature: letterSignatureSchema,
  events: z.array(letterEventSchema),
  /** Photos of the requirements (ADR 0015), oldest first. */
  attachments: z.array(attachmentSchema),
});

export type ApiLetterRequest = z.infer<typeof letterRequestSchema>;

export function typeOf(row: Pick<LetterRequestRow, 'type'>): LetterType {
  const type = letterTypeByCode(row.type);
  if (!type) throw new Error(`letter request of unknown type ${row.type}`);
  return type;
}

/** A request as its viewer sees it, with the status actions open to them. */
export function toApiLetterRequest(
  row: LetterRequestRow,
  viewer: UserRow,
  publicUrl: string,
  pdf: { id: number; sha256: string } | null,
  /** The viewer's transition context per type (approval, signer; issue 15); none: a resident. */
  signing?: (type: LetterType) => TransitionContext,
): ApiLetterRequest {
  const type = typeOf(row);
  const completed = row.status === 'completed';
  return {
    id: row.id,
    type: type.code,
    type_title: type.title,
    letter_title: letterName(type),
    status: row.status,
    status_label: LETTER_STATUS_LABELS[row.status],
    number: row.number,
    applicant_user_id: row.applicant_user_id,
    applicant: parseApplicant(row),
    applicant_verified: row.applicant_verified === 1,
    fields: parseData(row),
    purpose: row.purpose,
    phone: row.phone,
    // The office's internal notes stay with the office (issue 18.2, packages/domain letters/notes.ts).
    note: noteFor(viewer.role, row.status, row.note),
    editable: canEditLetter(row.status, viewer.role),
    actions: availableTransitions(row.status, viewer.role, signing?.(type)).map((t) => ({
      status: t.to,
      label: t.actionLabel,
      note_required: t.noteRequired,
    })),
    pdf:
      completed && pdf
        ? { history_id: pdf.id, sha256: pdf.sha256, url: apiPaths.letterPdf(type.base, row.id) }
        : null,
    verify_url: completed ? `${publicUrl}${publicPaths.verifyPage(row.verify_token)}` : null,
    issued_at: row.issued_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

// ---- Query pieces shared by the lists -------------------------------------------------------

const villageDate = (label: string) => z.string().refine(isRealIsoDate, msg.date(label)).optional();

/** `from`/`to`: days in village time (WIB), both inclusive. */
export const dateRangeQuery = {
  from: villageDate('Tanggal awal'),
  to: villageDate('Tanggal akhir'),
};

/**
 * Added to a list query with `from`/`to`: a range that ends before it starts is a slip worth
 * naming (a clerk who picked December to January), not an empty list.
 */
export function datesInOrder<
  T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>,
>(schema: T): T {
  return schema.refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
    path: ['to'],
  });
}

/** The UTC instants bounding village days `from` … `to` (inclusive). */
export function dateBounds(from?: string, to?: string): { start?: string; end?: string } {
  const start = from ? new Date(`${from}T00:00:00+07:00`).toISOString() : undefined;
  let end: string | undefined;
  if (to) {
    const d = new Date(`${to}T00:00:00+07:00`);
    d.setUTCDate(d.getUTCDate() + 1);
    end = d.toISOString();
  }
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

const STATUS_LIST_MESSAGE = `Status harus salah satu dari: ${LETTER_STATUSES.join(', ')} (boleh beberapa, dipisah koma).`;

/** `status=submitted` or `status=submitted,needs_revision`. */
export const statusListQuery = z
  .string()
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .refine(
    (list) => list.every((s) => (LETTER_STATUSES as readonly string[]).includes(s)),
    STATUS_LIST_MESSAGE,
  )
  .transform((list) => list as (typeof LETTER_STATUSES)[number][])
  .optional();

/** The fields of a letter-request list query; `letterListQuery` checks them together. */
export const letterListFields = z.object({
  ...pageQuery,
  ...dateRangeQuery,
  status: statusListQuery,
  sort: z
    .enum(['-created_at', 'created_at'], {
      error: 'Urutan harus created_at atau -created_at (terbaru dulu).',
    })
    .default('-created_at'),
  /** Also answer how many requests are in each of these statuses (`meta.counts`). */
  counts: statusListQuery,
  applicant_id: z.coerce
    .number({ error: 'Pemohon harus berupa nomor pengguna.' })
    .int('Pemohon harus berupa nomor pengguna.')
    .positive('Pemohon harus berupa nomor pengguna.')
    .max(MAX_ID, 'Pemohon harus berupa nomor pengguna.')
    .optional(),
});

export const letterListQuery = datesInOrder(letterListFields);

/**
 * The meta of letter-request lists: the usual page, per_page, total and last_page, and
 * `total_exact`. A search stops counting at 10,000 matches (ADR 0010): `total_exact: false`
 * means at least `total` requests match ("lebih dari 10.000"), and `last_page` counts the
 * pages of those; later pages still answer.
 */
export const letterListMetaSchema = metaSchema.extend({
  total_exact: z
    .boolean()
    .describe(
      'false: pencarian berhenti menghitung di 10.000; sedikitnya `total` permohonan cocok',
    ),
  counts: z
    .record(z.string(), z.number())
    .optional()
    .describe(
      'Bila `counts` diminta: jumlah permohonan per status yang diminta (jenis, pemohon dan tanggal seperti daftar; tanpa pencarian dan filter status)',
    ),
});
