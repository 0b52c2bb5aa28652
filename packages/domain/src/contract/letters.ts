import { z } from 'zod';
import { isRealIsoDate } from '../dates.ts';
import { MAX_ID } from '../ids.ts';
import { APPLICANT_FIELDS, type ApplicantField } from '../letters/applicant.ts';
import { REQUIREMENT_ONLINE } from '../letters/letter-type.ts';
import { LETTER_CODES } from '../letters/letter-codes.ts';
import { LETTER_STATUSES } from '../letters/statuses.ts';
import { msg } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { fieldDescriptionSchema } from './content.ts';
import { pageMetaSchema, pageQuery } from './common.ts';

/**
 * The letter service's answers (ADR 0021): a request as its viewer sees it (list and detail,
 * with the actions open to them and who signed it), the photos of its requirements, the
 * registry of letter types, the archive of issued letters and the public verification.
 */

export { letterPaths } from './paths.ts';

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The applicant block, one nullable string per applicant field (`APPLICANT_FIELDS`). */
export const applicantOutSchema = z.object(
  Object.fromEntries(
    APPLICANT_FIELDS.map((f) => [f.name, z.string().nullable().describe(f.label)]),
  ) as Record<ApplicantField, z.ZodNullable<z.ZodString>>,
);

export const letterActionSchema = z.object({
  status: z.enum(LETTER_STATUSES),
  label: z.string(),
  note_required: z.boolean(),
});
export type LetterAction = z.infer<typeof letterActionSchema>;

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
export type LetterEvent = z.infer<typeof letterEventSchema>;

export const letterPdfRefSchema = z.object({
  history_id: z.number(),
  sha256: z.string(),
  /** API path of the download. */
  url: z.string(),
});

/** A photo of a requirement in API answers (ADR 0015): everything but the bytes, and where to read them. */
export const attachmentSchema = z.object({
  id: z.number(),
  requirement: z.string(),
  requirement_label: z.string(),
  online: z.enum(REQUIREMENT_ONLINE),
  mime: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  sha256: z.string(),
  created_at: z.string(),
  url: z.string(),
  thumb_url: z.string(),
});
export type ApiAttachment = z.infer<typeof attachmentSchema>;
export const attachmentAnswerSchema = z.object({ data: attachmentSchema });
export const attachmentListSchema = z.object({ data: z.array(attachmentSchema) });

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
export type ApiLetterRequest = z.infer<typeof letterRequestSchema>;

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
export type LetterSignature = z.infer<typeof letterSignatureSchema>;

/**
 * Who filed a request and for whom (issue 21): "diajukan oleh … untuk …". The register person it
 * is for, and the birth or death recorded in the register from it.
 */
export const letterFilingSchema = z.object({
  filed_by_name: z.string().nullable(),
  /** Filed by someone else than the person it is for (a family member, or the office). */
  on_behalf: z.boolean(),
  subject_person_id: z.number().nullable(),
  register_event_id: z.number().nullable(),
});
export type LetterFiling = z.infer<typeof letterFilingSchema>;

/** One request with its signature, history and photos (`GET <base>/:id`). */
export const letterRequestDetailSchema = letterRequestSchema.extend({
  filing: letterFilingSchema.optional(),
  signature: letterSignatureSchema,
  events: z.array(letterEventSchema),
  /** Photos of the requirements (ADR 0015), oldest first. */
  attachments: z.array(attachmentSchema),
});
export type LetterRequestDetail = z.infer<typeof letterRequestDetailSchema>;
export const letterRequestAnswerSchema = z.object({ data: letterRequestDetailSchema });

// ---- List queries ---------------------------------------------------------------------------

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

/** `type=sku`: one letter type. */
export const letterTypeQuery = z
  .enum(LETTER_CODES, {
    error: `Jenis surat harus salah satu dari: ${LETTER_CODES.join(', ')}.`,
  })
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

/** A type's list (`GET <base>`). */
export const letterListQuery = datesInOrder(letterListFields);
/** Every type's list (`GET /api/letter-requests`), optionally of one type. */
export const letterRequestsQuery = datesInOrder(letterListFields.extend({ type: letterTypeQuery }));

/**
 * The meta of letter-request lists: the usual page, per_page, total and last_page, and
 * `total_exact`. A search stops counting at 10,000 matches (ADR 0010): `total_exact: false`
 * means at least `total` requests match ("lebih dari 10.000"), and `last_page` counts the
 * pages of those; later pages still answer.
 */
export const letterListMetaSchema = pageMetaSchema.extend({
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
export type LetterListMeta = z.infer<typeof letterListMetaSchema>;

export const letterRequestPageSchema = z.object({
  data: z.array(letterRequestSchema),
  meta: letterListMetaSchema,
});
export type LetterRequestPage = z.infer<typeof letterRequestPageSchema>;

// ---- Photos of the requirements --------------------------------------------------------------

/** `?requirement=ktp`: which requirement a photo shows. */
export const requirementQuery = z.object({
  requirement: z
    .string({ error: 'Pilih persyaratan yang difoto.' })
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Pilih persyaratan yang difoto.'),
});
const attachmentId = z.coerce.number().int().positive().max(MAX_ID);
/** A staged photo's address. */
export const attachmentParams = z.object({ aid: attachmentId });
/** A filed request's photo's address. */
export const requestAttachmentParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  aid: attachmentId,
});

// ---- The registry of letter types ------------------------------------------------------------

export const letterFieldSchema = fieldDescriptionSchema.extend({
  default_from_profile: z.string().optional(),
});
export type LetterFieldDescription = z.infer<typeof letterFieldSchema>;

export const letterTypeSchema = z.object({
  code: z.enum(LETTER_CODES),
  title: z.string(),
  /** The full name, e.g. "Surat Keterangan Usaha"; the service page's title. */
  name: z.string(),
  /** Other names people search for it by (SKU, SKTM, "pengantar nikah"). */
  aliases: z.array(z.string()),
  base: z.string(),
  pdf_title: z.string(),
  classification_code: z.string(),
  /** Working days the office aims to finish a request in. */
  service_days: z.number().int().positive(),
  description: z.string(),
  requirements: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      online: z.enum(REQUIREMENT_ONLINE),
    }),
  ),
  fields: z.array(letterFieldSchema),
});
export type LetterTypeDescription = z.infer<typeof letterTypeSchema>;

/** `GET /api/letter-types`. */
export const letterTypesAnswerSchema = z.object({
  data: z.array(letterTypeSchema),
  applicant_fields: z.array(letterFieldSchema),
});
export type LetterTypesAnswer = z.infer<typeof letterTypesAnswerSchema>;

// ---- The archive of issued letters -----------------------------------------------------------

export const pdfHistorySchema = z.object({
  id: z.number(),
  letter_request_id: z.number(),
  type: z.enum(LETTER_CODES),
  type_title: z.string(),
  letter_title: z.string(),
  number: z.string(),
  applicant_name: z.string(),
  sha256: z.string(),
  size: z.number().nullable(),
  file_name: z.string(),
  issued_at: z.string(),
  /** The administrator who issued it; shown to administrators only. */
  issued_by_name: z.string().nullable(),
  /** API path of the download (the same bytes every time). */
  download_url: z.string(),
  /** Web page of the request. */
  request_link: z.string(),
  verify_url: z.string(),
});
export type PdfHistory = z.infer<typeof pdfHistorySchema>;
export const pdfHistoryAnswerSchema = z.object({ data: pdfHistorySchema });
export const pdfHistoryPageSchema = z.object({
  data: z.array(pdfHistorySchema),
  meta: pageMetaSchema,
});
export type PdfHistoryPage = z.infer<typeof pdfHistoryPageSchema>;

export const pdfHistoryQuery = datesInOrder(
  z.object({ ...pageQuery, ...dateRangeQuery, type: letterTypeQuery }),
);

// ---- Public verification ---------------------------------------------------------------------

export const verifyParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** `GET /api/verify/:token`: what proves a letter genuine, and nothing more. */
export const verifiedLetterSchema = z.object({
  number: z.string(),
  type: z.object({ code: z.enum(LETTER_CODES), title: z.string() }),
  issued_on: z.string(),
  issued_at: z.string(),
  holder: z.string(),
  sha256: z.string(),
  /** Who approved it (issue 15); null for a letter issued without approval. */
  signature: letterSignatureSchema,
});
export type VerifiedLetter = z.infer<typeof verifiedLetterSchema>;
export const verifyAnswerSchema = z.object({ data: verifiedLetterSchema });
