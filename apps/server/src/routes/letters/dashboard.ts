import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LETTER_CODES,
  LETTER_STATUSES,
  LETTER_STATUS_LABELS,
  LETTER_TYPES,
  todayIso,
  type LetterCode,
} from '@balai/domain';
import {
  countActiveResidents,
  countIssuedSince,
  countRequestsByStatus,
  countRequestsPerMonth,
  medianProcessingSeconds,
  populationSummary,
  type MonthWindow,
} from '../../repositories/dashboard.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { responses } from '../schemas.ts';

const MONTHS_SHOWN = 12;
const BUSIEST_SHOWN = 5;
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

const genderRow = { male: z.number(), female: z.number(), total: z.number() };

const dashboardSchema = z.object({
  residents: z.number(),
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
  median_processing_hours: z.number().nullable(),
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

const counts = (r: { male_count: number; female_count: number }) => ({
  male: Number(r.male_count),
  female: Number(r.female_count),
  total: Number(r.male_count) + Number(r.female_count),
});

/** `GET /api/dashboard` (admin): the figures and series of the admin's first page. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['Dasbor'],
        summary:
          'Angka dan grafik dasbor admin: warga, permohonan, surat terbit, waktu proses, penduduk',
        security: [{ bearerAuth: [] }],
        response: responses({ 200: z.object({ data: dashboardSchema }) }),
      },
    },
    async (_request, reply) => {
      const months = lastMonths(MONTHS_SHOWN);
      const window = months[0]!;
      const thisMonth = months[months.length - 1]!;
      const [residents, byStatus, perMonth, issued, median, population] = await Promise.all([
        countActiveResidents(app.db),
        countRequestsByStatus(app.db),
        countRequestsPerMonth(app.db, months),
        countIssuedSince(app.db, thisMonth.start),
        medianProcessingSeconds(app.db, window.start),
        populationSummary(app.db),
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

      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          residents,
          requests_by_status: LETTER_STATUSES.map((s) => ({
            status: s,
            label: LETTER_STATUS_LABELS[s],
            count: byStatus[s],
          })),
          requests_total: Object.values(byStatus).reduce((a, b) => a + b, 0),
          issued_this_month: issued,
          requests_per_month: series,
          median_processing_hours: median === null ? null : Math.round((median / 3600) * 10) / 10,
          busiest_types: busiest,
          population: {
            total,
            ages,
            jobs: population.jobs.map((j) => ({ job: j.job, ...counts(j) })),
            religions: population.religions.map((r) => ({ religion: r.religion, ...counts(r) })),
            infos: population.infos,
          },
        },
      };
    },
  );
};

export default dashboardRoutes;
