import { z } from 'zod';
import { schemaFromFields } from '../schemas/fields.ts';
import { MAX_ID } from '../ids.ts';
import { userField } from '../user-fields.ts';
import { LIFE_STATUSES } from '../register/codes.ts';
import { EVENT_KINDS } from '../register/events.ts';
import {
  AREA_FIELD_NAMES,
  AREA_FIELDS,
  FAMILY_FIELDS,
  PERSON_FIELD_NAMES,
  PERSON_FIELDS,
} from '../register/fields.ts';
import { dataOf, pageMetaSchema, pageOf, pageQuery } from './common.ts';

/**
 * The population register (issue 24): people, families, areas, events, the import, the monthly
 * report, and the public statistics. Administrators only, except `/api/statistics`.
 *
 * Choice fields (gender, religion, education, occupation, marital_status, relationship,
 * nationality, blood_type) travel as the LABELS of the national code lists
 * (`REGISTER_CODE_LISTS` in `@balai/domain`); list FILTERS take their numeric CODES (`religion=1`),
 * and every statistics row carries the exact `filter` that opens the list of the people it counts.
 * NIK and No. KK are whole in a detail (an audited read) and masked to their last 4 digits in lists.
 */
export const registerPaths = {
  /** GET list (query: registerPersonQuery) → registerPersonList. */
  persons: '/api/register/persons',
  /** GET detail (audited) → registerPersonAnswer; PUT registerPersonUpdateBody → registerPersonAnswer. */
  person: '/api/register/persons/:id',
  /** PUT registerMoveBody: the person into another family → registerPersonAnswer. */
  personFamily: '/api/register/persons/:id/family',
  /** GET the person's audited changes → registerChangeList. */
  personChanges: '/api/register/persons/:id/changes',
  /** GET list (query: registerFamilyQuery) → registerFamilyList. */
  families: '/api/register/families',
  /** GET the family card (audited) → registerFamilyAnswer. */
  family: '/api/register/families/:id',
  /** POST registerSplitBody: the chosen members get a new card → registerFamilyAnswer (the new family). */
  familySplit: '/api/register/families/:id/split',
  /** GET every dusun, RW and RT with counts → registerAreaList. */
  areas: '/api/register/areas',
  /** PUT { name } renames → registerAreaAnswer. */
  area: '/api/register/areas/:id',
  /** POST { into_id }: this area's people and sub-areas go to `into_id`, this one is removed → registerAreaAnswer (the target). */
  areaMerge: '/api/register/areas/:id/merge',
  /** GET list (query: registerEventQuery) → registerEventList; POST registerEventBody → registerEventAnswer. */
  events: '/api/register/events',
  /** PUT registerEventCorrection (audited, with a reason) → registerEventAnswer. */
  event: '/api/register/events/:id',
  /** POST multipart: `file` (.xlsx or .csv); query registerImportQuery → registerImportResult (or an XLSX of all problems with format=xlsx). */
  import: '/api/register/import',
  /** GET Balai's import template (XLSX, sheet "Data Penduduk" + "Kode Data"). */
  template: '/api/register/template',
  /** GET the whole register in the template's form (XLSX; audited). */
  export: '/api/register/export',
  /** GET ?month=YYYY-MM[&format=xlsx|pdf] → registerMonthlyReport (JSON) or the file. */
  monthlyReport: '/api/register/monthly-report',
  /** GET, public: counts of living people → publicStatistics. */
  statistics: '/api/statistics',
} as const;

/** An empty value in a query string is no filter. */
export const emptyIsNone = (v: unknown) => (v === '' ? undefined : v);
const optionalId = (label: string) =>
  z.preprocess(
    emptyIsNone,
    z.coerce
      .number({ error: `${label} tidak dikenal.` })
      .int(`${label} tidak dikenal.`)
      .positive(`${label} tidak dikenal.`)
      .max(MAX_ID, `${label} tidak dikenal.`)
      .optional(),
  );
/** A code of a national list; 0 lists the people whose value is not filled in. */
const optionalCode = (label: string) =>
  z.preprocess(
    emptyIsNone,
    z.coerce
      .number({ error: `Kode ${label} harus berupa angka.` })
      .int(`Kode ${label} harus bilangan bulat.`)
      .min(0, `Kode ${label} tidak dikenal.`)
      .max(99, `Kode ${label} tidak dikenal.`)
      .optional(),
  );
const optionalAge = (label: string) =>
  z.preprocess(
    emptyIsNone,
    z.coerce
      .number({ error: `${label} harus berupa angka.` })
      .int(`${label} harus bilangan bulat.`)
      .min(0, `${label} minimal 0.`)
      .max(150, `${label} maksimal 150.`)
      .optional(),
  );

export const lifeStatusSchema = z.enum(LIFE_STATUSES, {
  error: 'Status harus hidup, meninggal, pindah atau hilang.',
});
export type RegisterLifeStatus = z.infer<typeof lifeStatusSchema>;
export const eventKindSchema = z.enum(EVENT_KINDS, {
  error: 'Jenis peristiwa harus birth, death, move_out, move_in atau lost.',
});
export type RegisterEventKind = z.infer<typeof eventKindSchema>;

/** `{ name: string | null, … }` for each field name. */
function nullableStrings<K extends string>(names: readonly K[]) {
  return Object.fromEntries(names.map((n) => [n, z.string().nullable()])) as {
    [P in K]: z.ZodNullable<z.ZodString>;
  };
}

// ---------------------------------------------------------------- people

/** A person: the PERSON_FIELDS (labels for coded fields), place, family and life status. */
export const registerPersonSchema = z.object({
  id: z.number(),
  ...nullableStrings([...PERSON_FIELD_NAMES, ...AREA_FIELD_NAMES]),
  name: z.string(),
  nik: z.string(),
  /** Area ids of the dusun, RW and RT (null when unknown). */
  dusun_id: z.number().nullable(),
  rw_id: z.number().nullable(),
  rt_id: z.number().nullable(),
  family_id: z.number().nullable(),
  /** The family's No. KK (masked in lists). */
  kk_number: z.string().nullable(),
  life_status: lifeStatusSchema,
  /** Whole years today (village time); null without a birth date. */
  age: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RegisterPerson = z.infer<typeof registerPersonSchema>;
export const registerPersonAnswer = dataOf(registerPersonSchema);
export type RegisterPersonAnswer = z.infer<typeof registerPersonAnswer>;

/** Counts of the whole filtered list (not just the page). */
export const registerPersonCountsSchema = z.object({
  total: z.number(),
  male: z.number(),
  female: z.number(),
});
export const registerPersonList = z.object({
  data: z.array(registerPersonSchema),
  meta: pageMetaSchema,
  counts: registerPersonCountsSchema,
});
export type RegisterPersonList = z.infer<typeof registerPersonList>;

/** `GET /api/register/persons`: search matches the name (any part) or the NIK (its start). */
export const registerPersonQuery = z.object({
  ...pageQuery,
  /** 0: people without a dusun. */
  dusun_id: z.preprocess(
    (v) => (v === '0' || v === 0 ? 0 : v),
    z.union([z.literal(0), optionalId('Dusun')]),
  ),
  rw_id: optionalId('RW'),
  rt_id: optionalId('RT'),
  family_id: optionalId('Keluarga'),
  gender: optionalCode('jenis kelamin'),
  religion: optionalCode('agama'),
  education: optionalCode('pendidikan'),
  occupation: optionalCode('pekerjaan'),
  marital_status: optionalCode('status perkawinan'),
  age_min: optionalAge('Umur minimal'),
  age_max: optionalAge('Umur maksimal'),
  /** 1: only people without a birth date (the statistics' "umur tidak diketahui"). */
  birth_date_missing: z.preprocess(emptyIsNone, z.enum(['1']).optional()),
  /** Without it: every life status. */
  life_status: z.preprocess(emptyIsNone, lifeStatusSchema.optional()),
});
export type RegisterPersonQuery = z.input<typeof registerPersonQuery>;

/** PUT a person: any of the person fields and the place (dusun/RW/RT by name, created as met). */
export const registerPersonUpdateBody = schemaFromFields([
  ...PERSON_FIELDS,
  ...AREA_FIELDS,
]).partial();
export type RegisterPersonUpdateBody = z.input<typeof registerPersonUpdateBody>;

/** PUT a person into another family, with their relationship there. */
export const registerMoveBody = z.object({
  family_id: z.coerce.number({ error: 'Pilih keluarga tujuan.' }).int().positive().max(MAX_ID),
  relationship: schemaFromFields([PERSON_FIELDS.find((f) => f.name === 'relationship')!]).shape
    .relationship!,
});
export type RegisterMoveBody = z.input<typeof registerMoveBody>;

/** One audited change: who changed which field from what to what, when. */
export const registerChangeSchema = z.object({
  id: z.number(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
  reason: z.string().nullable(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type RegisterChange = z.infer<typeof registerChangeSchema>;
export const registerChangeList = z.object({ data: z.array(registerChangeSchema) });
export type RegisterChangeList = z.infer<typeof registerChangeList>;

// ---------------------------------------------------------------- families

export const registerFamilySchema = z.object({
  id: z.number(),
  kk_number: z.string(),
  address: z.string().nullable(),
  ...nullableStrings(AREA_FIELD_NAMES),
  dusun_id: z.number().nullable(),
  rw_id: z.number().nullable(),
  rt_id: z.number().nullable(),
  head_person_id: z.number().nullable(),
  head_name: z.string().nullable(),
  /** Members still living in the village (hidup). */
  member_count: z.number(),
});
export type RegisterFamily = z.infer<typeof registerFamilySchema>;
export const registerFamilyList = pageOf(registerFamilySchema);
export type RegisterFamilyList = z.infer<typeof registerFamilyList>;
/** The family card: members in SHDK order (head first), every life status. */
export const registerFamilyAnswer = dataOf(
  registerFamilySchema.extend({ members: z.array(registerPersonSchema) }),
);
export type RegisterFamilyAnswer = z.infer<typeof registerFamilyAnswer>;
export const registerFamilyQuery = z.object({
  ...pageQuery,
  dusun_id: optionalId('Dusun'),
  rw_id: optionalId('RW'),
  rt_id: optionalId('RT'),
});
export type RegisterFamilyQuery = z.input<typeof registerFamilyQuery>;

const kkField = schemaFromFields(FAMILY_FIELDS.filter((f) => f.name === 'kk_number')).shape
  .kk_number!;
/** POST a split: these members get the new card `kk_number`, headed by `head_person_id`. */
export const registerSplitBody = z.object({
  kk_number: kkField,
  person_ids: z
    .array(z.number().int().positive().max(MAX_ID), { error: 'Pilih anggota yang dipisah.' })
    .min(1, 'Pilih minimal satu anggota yang dipisah.')
    .max(50, 'Paling banyak 50 anggota.'),
  head_person_id: z.number({ error: 'Pilih kepala keluarga baru.' }).int().positive().max(MAX_ID),
});
export type RegisterSplitBody = z.input<typeof registerSplitBody>;

// ---------------------------------------------------------------- areas

export const areaKindSchema = z.enum(['dusun', 'rw', 'rt']);
export const registerAreaSchema = z.object({
  id: z.number(),
  kind: areaKindSchema,
  name: z.string(),
  parent_id: z.number().nullable(),
  /** Living people (hidup) in the area. */
  person_count: z.number(),
  family_count: z.number(),
});
export type RegisterArea = z.infer<typeof registerAreaSchema>;
export const registerAreaList = z.object({ data: z.array(registerAreaSchema) });
export type RegisterAreaList = z.infer<typeof registerAreaList>;
export const registerAreaAnswer = dataOf(registerAreaSchema);
export type RegisterAreaAnswer = z.infer<typeof registerAreaAnswer>;
export const registerAreaRenameBody = z.object({
  name: schemaFromFields([{ ...userField('hamlet'), label: 'Nama wilayah', required: true }]).shape
    .hamlet!,
});
export type RegisterAreaRenameBody = z.input<typeof registerAreaRenameBody>;
export const registerAreaMergeBody = z.object({
  into_id: z.coerce.number({ error: 'Pilih wilayah tujuan.' }).int().positive().max(MAX_ID),
});
export type RegisterAreaMergeBody = z.input<typeof registerAreaMergeBody>;

// ---------------------------------------------------------------- events

export const registerEventSchema = z.object({
  id: z.number(),
  kind: eventKindSchema,
  /** Indonesian label (Kelahiran, Kematian, …). */
  kind_label: z.string(),
  person_id: z.number(),
  person_name: z.string(),
  occurred_on: z.string(),
  reported_on: z.string(),
  /** Reported in a later month than it happened. */
  late: z.boolean(),
  note: z.string().nullable(),
  /** It has been corrected at least once (see the person's changes). */
  corrected: z.boolean(),
  created_at: z.string(),
});
export type RegisterEvent = z.infer<typeof registerEventSchema>;
export const registerEventList = pageOf(registerEventSchema);
export type RegisterEventList = z.infer<typeof registerEventList>;
export const registerEventAnswer = dataOf(registerEventSchema);
export type RegisterEventAnswer = z.infer<typeof registerEventAnswer>;

/** YYYY-MM between 1900 and 2099. */
export const registerMonth = z
  .string({ error: 'Bulan harus berformat YYYY-MM.' })
  .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'Bulan harus berformat YYYY-MM, misalnya 2026-05.');
export const registerEventQuery = z.object({
  ...pageQuery,
  kind: z.preprocess(emptyIsNone, eventKindSchema.optional()),
  person_id: optionalId('Penduduk'),
  /** Events that happened in this month. */
  month: z.preprocess(emptyIsNone, registerMonth.optional()),
});
export type RegisterEventQuery = z.input<typeof registerEventQuery>;

const dateOf = (name: string, label: string, required = true) =>
  schemaFromFields([{ name, label, kind: 'date', required, notFuture: true }]).shape[name]!;

/**
 * POST an event. Birth and move in create a person (`person`, with `family_id` or a new
 * `kk_number`); death, move out and lost name an existing `person_id`.
 */
export const registerEventBody = z.object({
  kind: eventKindSchema,
  occurred_on: dateOf('occurred_on', 'Tanggal kejadian'),
  reported_on: dateOf('reported_on', 'Tanggal lapor'),
  note: z.string().max(500, 'Keterangan maksimal 500 karakter.').nullish(),
  person_id: z.number().int().positive().max(MAX_ID).nullish(),
  family_id: z.number().int().positive().max(MAX_ID).nullish(),
  person: schemaFromFields([...PERSON_FIELDS, ...AREA_FIELDS]).nullish(),
});
export type RegisterEventBody = z.input<typeof registerEventBody>;

/** PUT a correction: new dates or note, always with the reason (audited). */
export const registerEventCorrection = z.object({
  occurred_on: dateOf('occurred_on', 'Tanggal kejadian', false).optional(),
  reported_on: dateOf('reported_on', 'Tanggal lapor', false).optional(),
  note: z.string().max(500, 'Keterangan maksimal 500 karakter.').nullish(),
  reason: z
    .string({ error: 'Alasan koreksi wajib diisi.' })
    .trim()
    .min(3, 'Alasan koreksi wajib diisi.')
    .max(500, 'Alasan koreksi maksimal 500 karakter.'),
});
export type RegisterEventCorrection = z.input<typeof registerEventCorrection>;
