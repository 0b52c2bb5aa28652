import { z } from 'zod';
import { isRealIsoDate } from '../dates.ts';
import { jsonSchemaFromFields } from '../fields.ts';
import { fieldSchema } from '../schemas/fields.ts';
import { MAX_ID } from '../ids.ts';
import { applicantSchema } from '../letters/applicant.ts';
import type { LetterType } from '../letters/letter-type.ts';
import { letterSchema } from '../letters/registry.ts';
import { LETTER_STATUSES } from '../letters/statuses.ts';
import { msg } from '../messages.ts';
import { datesInOrder, letterListFields, letterTypeQuery } from './letters.ts';

/**
 * What the letter service takes (ADR 0021): a new request and a change of one, built from the
 * type's field definitions, and the office's spreadsheet and register queries.
 */

export { letterStatusChangeSchema, type LetterStatusChange } from '../letters/statuses.ts';

const NOTE_LABEL = 'Catatan';

const note = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
  z
    .string({ error: msg.text(NOTE_LABEL) })
    .max(1000, msg.maxLength(NOTE_LABEL, 1000))
    .nullable(),
);

const applicantId = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.coerce
    .number({ error: 'Pilih warga pemohon dari daftar.' })
    .int('Pilih warga pemohon dari daftar.')
    .positive('Pilih warga pemohon dari daftar.')
    .max(MAX_ID, 'Pilih warga pemohon dari daftar.')
    .optional(),
);

/** Ids of the resident's staged photos of the requirements, sent with the request (ADR 0015). */
const attachmentIds = z
  .array(
    z.coerce
      .number({ error: 'Foto lampiran tidak dikenal.' })
      .int('Foto lampiran tidak dikenal.')
      .positive('Foto lampiran tidak dikenal.')
      .max(MAX_ID, 'Foto lampiran tidak dikenal.'),
    { error: 'Foto lampiran tidak dikenal.' },
  )
  .max(50, 'Paling banyak 50 foto lampiran dalam satu permohonan.')
  .optional();

/** `Idempotency-Key`: a retried POST answers the first request instead of filing another. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'Idempotency-Key harus 1–100 karakter tanpa spasi.')
    .optional(),
});

/** POST: the type's fields at the top level, plus who it is for when an admin files it. */
export function letterCreateBody(type: LetterType) {
  return z
    .intersection(
      letterSchema(type),
      z.object({
        applicant_id: applicantId,
        applicant: applicantSchema.optional(),
        attachments: attachmentIds,
        /** The register person it is for: a member of the resident's family, or anyone (office). */
        subject_person_id: z.preprocess(
          (v) => (v === null || v === '' ? undefined : v),
          z.coerce
            .number({ error: 'Pilih untuk siapa surat ini.' })
            .int('Pilih untuk siapa surat ini.')
            .positive('Pilih untuk siapa surat ini.')
            .max(MAX_ID, 'Pilih untuk siapa surat ini.')
            .optional(),
        ),
      }),
    )
    .meta(jsonSchemaFromFields(type.fields));
}

/** PUT: any of the type's fields (checked again as a whole after merging), a status and a note. */
export function letterUpdateBody(type: LetterType) {
  const shape = Object.fromEntries(type.fields.map((f) => [f.name, fieldSchema(f).optional()]));
  return z.object({
    ...shape,
    status: z.enum(LETTER_STATUSES, { error: msg.chooseOne('Status') }).optional(),
    note: note.optional(),
    applicant: applicantSchema.optional(),
  });
}

/** `GET /api/letter-requests/export`: the queue's filters, and the file's format. */
export const letterExportQuery = datesInOrder(
  letterListFields.omit({ page: true, per_page: true, counts: true }).extend({
    type: letterTypeQuery,
    format: z.enum(['csv', 'xlsx'], { error: 'Format harus csv atau xlsx.' }),
  }),
);

/** A register covers at most this many days (a leap year): longer periods are a 422. */
export const REGISTER_MAX_DAYS = 366;

const requiredDate = (label: string) =>
  z
    .string({ error: msg.required(label) })
    .min(1, msg.required(label))
    .refine(isRealIsoDate, msg.date(label));

/** Days from `from` to `to`, both counted. */
function daysInPeriod(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** `GET /api/letter-register`: a period of at most a year, a type, and the file's format. */
export const letterRegisterQuery = z
  .object({
    from: requiredDate('Tanggal awal'),
    to: requiredDate('Tanggal akhir'),
    type: letterTypeQuery,
    format: z.enum(['xlsx', 'pdf'], { error: 'Format harus xlsx atau pdf.' }),
  })
  .refine((q) => q.from <= q.to, {
    message: 'Tanggal akhir tidak boleh sebelum tanggal awal.',
    path: ['to'],
  })
  .refine((q) => daysInPeriod(q.from, q.to) <= REGISTER_MAX_DAYS, {
    message: `Periode paling panjang satu tahun (${REGISTER_MAX_DAYS} hari). Pilih periode yang lebih pendek.`,
    path: ['to'],
  });
