import { z } from 'zod';
import { emptyIsNone, eventKindSchema, registerMonth } from './register.ts';

/**
 * The population register's import answer, monthly report and public statistics (issue 24);
 * the paths are `registerPaths` in ./register.ts.
 */

// ---------------------------------------------------------------- import

export const registerImportQuery = z.object({
  /** 1: check only, write nothing. */
  dry_run: z.preprocess(emptyIsNone, z.enum(['0', '1']).default('0')),
  /** xlsx: answer every problem as a spreadsheet instead of the JSON summary. */
  format: z.preprocess(emptyIsNone, z.enum(['json', 'xlsx']).default('json')),
});
export type RegisterImportQuery = z.input<typeof registerImportQuery>;

/** One problem of one row (row as numbered in the sheet, 1 = the header). */
export const importProblemSchema = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const registerImportResult = z.object({
  dry_run: z.boolean(),
  /** The valid rows were written (false on a dry run). */
  committed: z.boolean(),
  /** The sheet read (OpenSID's or the template's) and its format. */
  sheet: z.string(),
  format: z.enum(['opensid', 'balai', 'csv']),
  rows: z.number(),
  valid_rows: z.number(),
  error_rows: z.number(),
  added: z.number(),
  updated: z.number(),
  families: z.number(),
  areas_created: z.number(),
  error_count: z.number(),
  warning_count: z.number(),
  /** The first 200 errors and warnings; all with `format=xlsx`. */
  errors: z.array(importProblemSchema),
  warnings: z.array(importProblemSchema),
});
export type RegisterImportResult = z.infer<typeof registerImportResult>;

// ---------------------------------------------------------------- monthly report

export const monthlyReportQuery = z.object({
  month: registerMonth,
  format: z.preprocess(emptyIsNone, z.enum(['json', 'xlsx', 'pdf']).default('json')),
});
export type MonthlyReportQuery = z.input<typeof monthlyReportQuery>;

const bySex = z.object({ male: z.number(), female: z.number(), total: z.number() });
export type BySex = z.infer<typeof bySex>;
const reportedEvent = z.object({
  event_id: z.number(),
  kind: eventKindSchema,
  kind_label: z.string(),
  person_id: z.number(),
  person_name: z.string(),
  occurred_on: z.string(),
  reported_on: z.string(),
});
export const registerMonthlyReport = z.object({
  month: z.string(),
  /** First and last day of the month. */
  from: z.string(),
  to: z.string(),
  /** Counted by the date events happened; start + births + arrivals − deaths − departures − lost = end. */
  start: bySex,
  births: bySex,
  deaths: bySex,
  arrivals: bySex,
  departures: bySex,
  lost: bySex,
  end: bySex,
  /** Events of this month reported in a later month. */
  late_reports: z.array(reportedEvent),
  /** Events reported this month that happened in an earlier month (they changed earlier reports). */
  reported_late_this_month: z.array(reportedEvent),
});
export type RegisterMonthlyReport = z.infer<typeof registerMonthlyReport>;

// ---------------------------------------------------------------- statistics

/** One count; `filter` is the person-list query that lists exactly these people. */
export const statisticsRowSchema = z.object({
  label: z.string(),
  count: z.number(),
  filter: z.record(z.string(), z.string()),
});
export type StatisticsRow = z.infer<typeof statisticsRowSchema>;
export const publicStatistics = z.object({
  /** The day counted (village time): "per tanggal …". */
  as_of: z.string(),
  /** Living people in the register; 0 means the village keeps no register (ADR 0023). */
  total: z.number(),
  sex: z.array(statisticsRowSchema),
  age_group: z.array(statisticsRowSchema),
  religion: z.array(statisticsRowSchema),
  education: z.array(statisticsRowSchema),
  occupation: z.array(statisticsRowSchema),
  marital_status: z.array(statisticsRowSchema),
  dusun: z.array(statisticsRowSchema),
});
export type PublicStatistics = z.infer<typeof publicStatistics>;
