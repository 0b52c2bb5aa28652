import { z } from 'zod';
import { LETTER_CODES } from '../letters/letter-codes.ts';
import { LETTER_STATUSES, type LetterStatus } from '../letters/statuses.ts';

/** The office's dashboard figures (`GET /api/dashboard`, ADR 0021). */

export { dashboardPaths } from './paths.ts';

/**
 * The statuses in which a request waits on the office: Diajukan (to be checked), Diproses (to be
 * issued or sent for signature) and Menunggu Tanda Tangan (the signer, issue 15). Perlu
 * Dilengkapi waits on the resident; the rest are final.
 */
export const OFFICE_WAITING_STATUSES = [
  'submitted',
  'processing',
  'awaiting_signature',
] as const satisfies readonly LetterStatus[];
export type WaitingStatus = (typeof OFFICE_WAITING_STATUSES)[number];

const genderRow = { male: z.number(), female: z.number(), total: z.number() };

const waitingStatusEnum = z.enum(OFFICE_WAITING_STATUSES);

export const dashboardSchema = z.object({
  as_of: z.iso
    .datetime()
    .describe('Saat angka-angka ini dihitung (UTC); paling lama 60 detik lalu'),
  max_age_seconds: z.number().describe('Umur maksimum angka-angka ini, dalam detik'),
  residents: z.number(),
  verified_residents: z.number(),
  requests_by_status: z.array(
    z.object({ status: z.enum(LETTER_STATUSES), label: z.string(), count: z.number() }),
  ),
  requests_total: z.number(),
  issued_this_month: z.number(),
  requests_per_month: z.array(
    z.object({
      month: z.string(),
      label: z.string(),
      total: z.number(),
      by_type: z.record(z.string(), z.number()),
    }),
  ),
  median_processing_hours: z
    .number()
    .nullable()
    .describe('Median jam dari diajukan sampai terbit (12 bulan terakhir), satu desimal'),
  median_processing_minutes: z
    .number()
    .nullable()
    .describe('Median yang sama dalam menit bulat, untuk waktu di bawah satu jam'),
  waiting: z.object({
    statuses: z.array(z.object({ status: waitingStatusEnum, label: z.string() })),
    total: z.number(),
    by_status: z
      .record(waitingStatusEnum, z.number())
      .describe(
        'Yang menunggu per status: di kantor (Diajukan, Diproses) dan pada penanda tangan (Menunggu Tanda Tangan)',
      ),
    by_age: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        min_days: z.number(),
        max_days: z.number().nullable(),
        count: z.number(),
        by_status: z.record(waitingStatusEnum, z.number()),
      }),
    ),
    oldest: z.array(
      z.object({
        id: z.number(),
        type: z.enum(LETTER_CODES),
        type_title: z.string(),
        reference: z.string(),
        applicant_name: z.string(),
        status: waitingStatusEnum,
        status_label: z.string(),
        created_at: z.string(),
        age_days: z.number(),
      }),
    ),
  }),
  busiest_types: z.array(
    z.object({ type: z.enum(LETTER_CODES), title: z.string(), count: z.number() }),
  ),
  population: z.object({
    total: z.object(genderRow),
    ages: z.array(
      z.object({
        label: z.string(),
        age_from: z.number(),
        age_to: z.number().nullable(),
        ...genderRow,
      }),
    ),
    jobs: z.array(z.object({ job: z.string(), ...genderRow })),
    religions: z.array(z.object({ religion: z.string(), ...genderRow })),
    infos: z.array(z.object({ label: z.string(), value: z.string(), unit: z.string().nullable() })),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardAnswerSchema = z.object({ data: dashboardSchema });
