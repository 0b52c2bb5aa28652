import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OFFICE_WAITING_STATUSES,
  apiRoute,
  dashboardAnswerSchema,
  dashboardPaths,
  responses,
  type Dashboard,
  type WaitingStatus,
} from '@balai/domain/contract';
import {
  LETTER_CODES,
  LETTER_STATUSES,
  LETTER_STATUS_LABELS,
  LETTER_TYPES,
  letterTypeByCode,
  requestReference,
  todayIso,
  type LetterCode,
} from '@balai/domain';
import type { Kysely } from 'kysely';
import { isSqlite } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { FreshSnapshot } from '../../lib/snapshot.ts';
import {
  countActiveResidents,
  countByStatusAndCreated,
  countIssuedSince,
  countRequestsByStatus,
  countRequestsPerMonth,
  medianProcessingSeconds,
  oldestInStatuses,
  populationSummary,
  yieldToEventLoop,
  type CreatedRange,
  type MonthWindow,
} from '../../repositories/dashboard.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';

const MONTHS_SHOWN = 12;
const BUSIEST_SHOWN = 5;
/** How many of the oldest waiting requests the dashboard lists. */
export const OLDEST_SHOWN = 10;
/** The figures are never older than this (ADR 0012)… */
export const DASHBOARD_MAX_AGE_MS = 60_000;
/** …and from this age on, a request starts their refresh in the background. */
export const DASHBOARD_REFRESH_AFTER_MS = 30_000;
const DAY_MS = 86_400_000;

/**
 * Age buckets of the waiting requests, in whole days since filing (a request filed 47 hours ago
 * is 1 day old): `min_days` to `max_days` inclusive, the last one open.
 */
export const WAITING_AGE_BUCKETS = [
  { key: 'under_1_day', label: '< 1 hari', min_days: 0, max_days: 0 },
  { key: '1_3_days', label: '1–3 hari', min_days: 1, max_days: 3 },
  { key: '4_7_days', label: '4–7 hari', min_days: 4, max_days: 7 },
  { key: 'over_7_days', label: '> 7 hari', min_days: 8, max_days: null },
] as const;

/**
 * The creation instants of each age bucket at a moment. A request is `d` whole days old or more
 * when it was created at or before `at − d days`, that is before the millisecond after it
 * (timestamps are ISO strings to the millisecond), so each bucket is
 * `[edge(max_days + 1), edge(min_days))`, and the buckets tile the time line.
 */
export function ageRanges(at: Date): CreatedRange[] {
  const edge = (days: number) => new Date(at.getTime() - days * DAY_MS + 1).toISOString();
  return WAITING_AGE_BUCKETS.map((b) => ({
    from: b.max_days === null ? null : edge(b.max_days + 1),
    to: b.min_days === 0 ? null : edge(b.min_days),
  }));
}

/** Whole days from `createdAt` to `at`. */
export function ageInDays(createdAt: string, at: Date): number {
  return Math.max(0, Math.floor((at.getTime() - Date.parse(createdAt)) / DAY_MS));
}
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Mei',
  'Jun',
  'Jul',
  'Agu',
  'Sep',
  'Okt',
  'Nov',
  'Des',
];

/** The last `count` months in village time (WIB, UTC+7), oldest first, with their UTC bounds. */
export function lastMonths(count: number, now = new Date()): MonthWindow[] {
  const [y, m] = todayIso(now).split('-').map(Number) as [number, number];
  const months: MonthWindow[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const first = new Date(Date.UTC(y, m - 1 - i, 1));
    const next = new Date(Date.UTC(y, m - i, 1));
    const start = new Date(`${first.toISOString().slice(0, 10)}T00:00:00+07:00`).toISOString();
    const end = new Date(`${next.toISOString().slice(0, 10)}T00:00:00+07:00`).toISOString();
    months.push({ key: first.toISOString().slice(0, 7), start, end });
  }
  return months;
}

const counts = (r: { male_count: number; female_count: number }) => ({
  male: Number(r.male_count),
  female: Number(r.female_count),
  total: Number(r.male_count) + Number(r.female_count),
});

type DashboardFigures = Omit<Dashboard, 'as_of' | 'max_age_seconds'>;

/**
 * Every figure of the dashboard as of `at`. On SQLite each query holds the event loop while it
 * runs, so they run one after another with the loop let run between them: other requests get
 * their turn. On PostgreSQL they run two at a time.
 */
export async function computeDashboard(db: Kysely<Database>, at: Date): Promise<DashboardFigures> {
  const months = lastMonths(MONTHS_SHOWN, at);
  const window = months[0]!;
  const thisMonth = months[months.length - 1]!;
  // On SQLite the steps run one after another, each letting the event loop run before it (see
  // yieldToEventLoop). On PostgreSQL, where the database works and Node waits, two at a time:
  // more would only queue on the two cores and hold pool connections other requests need.
  const sqlite = isSqlite(db);
  const lanes = sqlite ? 1 : 2;
  let running = 0;
  const waiting: (() => void)[] = [];
  const step = async <R>(query: () => Promise<R>): Promise<R> => {
    if (running >= lanes) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      if (sqlite) await yieldToEventLoop();
      return await query();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
  const [
    { residents, verified },
    byStatus,
    perMonth,
    issued,
    median,
    waitingCounts,
    oldest,
    population,
  ] = await Promise.all([
    step(() => countActiveResidents(db)),
    step(() => countRequestsByStatus(db, at)),
    step(() => countRequestsPerMonth(db, months)),
    step(() => countIssuedSince(db, thisMonth.start)),
    step(() => medianProcessingSeconds(db, window.start)),
    step(() => countByStatusAndCreated(db, OFFICE_WAITING_STATUSES, ageRanges(at))),
    step(() => oldestInStatuses(db, OFFICE_WAITING_STATUSES, OLDEST_SHOWN)),
    step(() => populationSummary(db)),
  ]);

  const series = months.map((m) => ({
    month: m.key,
    label: `${MONTH_NAMES[Number(m.key.slice(5, 7)) - 1]} ${m.key.slice(0, 4)}`,
    total: 0,
    by_type: Object.fromEntries(LETTER_CODES.map((c) => [c, 0])) as Record<LetterCode, number>,
  }));
  const perType = new Map<LetterCode, number>();
  for (const r of perMonth) {
    const s = series[r.month];
    if (!s) continue;
    s.by_type[r.type] = (s.by_type[r.type] ?? 0) + r.n;
    s.total += r.n;
    perType.set(r.type, (perType.get(r.type) ?? 0) + r.n);
  }
  const busiest = LETTER_TYPES.map((t) => ({
    type: t.code,
    title: t.title,
    count: perType.get(t.code) ?? 0,
  }))
    .filter((t) => t.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, BUSIEST_SHOWN);

  const byAge = WAITING_AGE_BUCKETS.map((b) => ({
    ...b,
    count: 0,
    by_status: Object.fromEntries(OFFICE_WAITING_STATUSES.map((st) => [st, 0])) as Record<
      WaitingStatus,
      number
    >,
  }));
  for (const r of waitingCounts) {
    const bucket = byAge[r.range]!;
    bucket.by_status[r.status as WaitingStatus] += r.n;
    bucket.count += r.n;
  }

  const ages = population.ages.map((a) => ({
    label: a.label,
    age_from: Number(a.age_from),
    age_to: a.age_to === null ? null : Number(a.age_to),
    ...counts(a),
  }));
  const total = ages.reduce(
    (t, a) => ({
      male: t.male + a.male,
      female: t.female + a.female,
      total: t.total + a.total,
    }),
    { male: 0, female: 0, total: 0 },
  );

  return {
    residents,
    verified_residents: verified,
    requests_by_status: LETTER_STATUSES.map((s) => ({
      status: s,
      label: LETTER_STATUS_LABELS[s],
      count: byStatus[s],
    })),
    requests_total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    issued_this_month: issued,
    requests_per_month: series,
    median_processing_hours: median === null ? null : Math.round((median / 3600) * 10) / 10,
    median_processing_minutes: median === null ? null : Math.round(median / 60),
    waiting: {
      statuses: OFFICE_WAITING_STATUSES.map((st) => ({
        status: st,
        label: LETTER_STATUS_LABELS[st],
      })),
      total: byAge.reduce((n, b) => n + b.count, 0),
      by_status: Object.fromEntries(
        OFFICE_WAITING_STATUSES.map((st) => [st, byAge.reduce((n, b) => n + b.by_status[st], 0)]),
      ) as Record<WaitingStatus, number>,
      by_age: byAge,
      oldest: oldest.map((r) => ({
        id: r.id,
        type: r.type,
        type_title: letterTypeByCode(r.type)?.title ?? r.type,
        reference: requestReference(r.type, r.id),
        applicant_name: r.applicant_name,
        status: r.status as WaitingStatus,
        status_label: LETTER_STATUS_LABELS[r.status],
        created_at: r.created_at,
        age_days: ageInDays(r.created_at, at),
      })),
    },
    busiest_types: busiest,
    population: {
      total,
      ages,
      jobs: population.jobs.map((j) => ({ job: j.job, ...counts(j) })),
      religions: population.religions.map((r) => ({ religion: r.religion, ...counts(r) })),
      infos: population.infos,
    },
  };
}

/**
 * `GET /api/dashboard` (admin): the figures and series of the admin's first page, from this
 * process's snapshot (at most 60 s old, `as_of` says when; ADR 0012).
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const snapshot = new FreshSnapshot((at) => computeDashboard(app.db, at), {
    refreshAfterMs: DASHBOARD_REFRESH_AFTER_MS,
    maxAgeMs: DASHBOARD_MAX_AGE_MS,
    onBackgroundError: (err) => app.log.error({ err }, 'dashboard refresh failed'),
  });

  app.get(
    apiRoute(dashboardPaths.dashboard),
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['Dasbor'],
        summary:
          'Angka dan grafik dasbor admin: warga, permohonan, antrean kantor, surat terbit, waktu proses, penduduk',
        description:
          'Dihitung paling lama 60 detik lalu (`as_of`); setelah 30 detik permintaan berikutnya memperbaruinya di latar belakang.',
        security: [{ bearerAuth: [] }],
        response: responses({ 200: dashboardAnswerSchema }),
      },
    },
    async (_request, reply) => {
      const { value, at } = await snapshot.get();
      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          as_of: new Date(at).toISOString(),
          max_age_seconds: DASHBOARD_MAX_AGE_MS / 1000,
          ...value,
        },
      };
    },
  );
};

export default dashboardRoutes;
