// Part 4 of the letters bench: the letter desks (issue 12), the exact requests the admin web
// app makes — lists, tab counts, resident searches and exports.
import {
  LETTER_STATUSES,
  LETTER_TYPES,
  type LetterStatus,
} from '../../packages/domain/src/index.ts';
import { openDb } from '../../apps/server/src/db/database.ts';
import { download, load, memory, type Download, type LoadResult } from '../lib.ts';
import { ADMIN, ADMIN_CONNECTIONS, DURATION, percentile, token } from './config.ts';

/** Issue 12: counts and lists (and the resident search) p95 ≤ 50 ms at a million requests. */
export const DESK_TARGET_P95_MS = 50;
/** Issue 12.5: an export of 10,000 rows in under 2 s. */
export const DESK_TARGET_EXPORT_MS = 2_000;

/** A desk scenario's load, with the address it sent and what the first answer said. */
export type DeskLoad = LoadResult & { path: string; total: number | undefined; counts: unknown };

/** A type desk's tabs count every status (apps/web `desk-api.ts`: `LETTER_STATUSES`). */
const DESK_TAB_STATUSES: readonly LetterStatus[] = LETTER_STATUSES;
/** The cross-type queue's statuses (`QUEUE_STATUSES` there). */
const QUEUE_STATUSES: readonly LetterStatus[] = ['submitted', 'processing'];

/**
 * A query string as the web's http client writes one (`requestUrl`: `searchParams.set` in the
 * object's order, empty values left out), so the bench sends byte for byte what the desk sends.
 */
function webQuery(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

/** `useListParams` → `listQuery`: page, per_page, sort, search, then the filters set. */
const listQuery = (sort: string, extra: Record<string, string | undefined> = {}) => ({
  page: (extra.page as string | undefined) ?? 1,
  per_page: 15,
  sort,
  search: extra.search,
  status: extra.status,
  from: extra.from,
  to: extra.to,
});

/** `useDeskList(type, query)`: a type's page with the count in every status for the tabs. */
const typeDesk = (base: string, extra: Record<string, string | undefined> = {}) =>
  `${base}?${webQuery({
    ...listQuery(extra.sort ?? '-created_at', extra),
    counts: DESK_TAB_STATUSES.join(','),
  })}`;

/** `useDeskList(undefined, query)`: Semua Layanan, everything waiting, oldest first. */
const crossDesk = (extra: Record<string, string | undefined> = {}) => {
  const query = listQuery(extra.sort ?? 'created_at', extra);
  return `/api/letter-requests?${webQuery({
    ...query,
    status: query.status ?? QUEUE_STATUSES.join(','),
    counts: QUEUE_STATUSES.join(','),
  })}`;
};

/** The /create page's resident picker: `GET /api/users/list` with the typed words. */
const residentSearch = (search: string) =>
  `/api/users/list?${webQuery({ search, role: 'WARGA', active: 'true', per_page: 8 })}`;

/** `queueExportPath(format, type, filters)` of `export-links.tsx`. */
const queueExport = (
  format: 'csv' | 'xlsx',
  type: string | undefined,
  filters: Record<string, string | undefined>,
) => {
  const q = new URLSearchParams({ format });
  if (type) q.set('type', type);
  for (const key of ['status', 'from', 'to', 'search', 'sort'] as const) {
    const v = filters[key];
    if (v !== undefined && v !== '') q.set(key, v);
  }
  return `/api/letter-requests/export?${q.toString()}`;
};

/** The village day (WIB) of an instant. */
const villageDay = (iso: string) =>
  new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 10);

/** What the desk scenarios search and filter by, taken from the data. */
export async function deskSamples(url: string) {
  const db = openDb(url, { backgroundCheckpoint: false });
  try {
    // The busiest type (most requests: its tabs count the most rows).
    const busiest = await db.kysely
      .selectFrom('letter_requests')
      .select(['type', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('type')
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const resident = await db.kysely
      .selectFrom('users')
      .select(['name', 'nik'])
      .where('role', '=', 'WARGA')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    // One whole village month, two months back; and the newest request's last week.
    const newest = await db.kysely
      .selectFrom('letter_requests')
      .select((eb) => eb.fn.max('created_at').as('max'))
      .executeTakeFirstOrThrow();
    const last = villageDay(String(newest.max));
    const monthStart = new Date(`${last.slice(0, 7)}-01T00:00:00Z`);
    monthStart.setUTCMonth(monthStart.getUTCMonth() - 2);
    const from = monthStart.toISOString().slice(0, 10);
    monthStart.setUTCMonth(monthStart.getUTCMonth() + 1);
    monthStart.setUTCDate(0);
    const to = monthStart.toISOString().slice(0, 10);
    const weekAgo = new Date(Date.parse(`${last}T00:00:00Z`) - 6 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    // The day after the 100,000th newest request: a little under the export's cap, all types.
    const nth = await db.kysely
      .selectFrom('letter_requests')
      .select('created_at')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(99_999)
      .limit(1)
      .executeTakeFirstOrThrow();
    const capFrom = new Date(Date.parse(`${villageDay(nth.created_at)}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    return {
      type: LETTER_TYPES.find((t) => t.code === busiest.type)!,
      typeRequests: Number(busiest.n),
      resident: { name: resident.name, nik: resident.nik! },
      month: { from, to },
      week: { from: weekAgo, to: last },
      capFrom,
    };
  } finally {
    await db.close();
  }
}

/** The desk's lists, counts and resident searches: 4 administrators at once, as the lists above. */
export async function deskLoads(base: string, samples: Awaited<ReturnType<typeof deskSamples>>) {
  const admin = await token(base, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${admin}` };
  const { type, month, week, resident } = samples;
  const ku = LETTER_TYPES.find((t) => t.code === 'ku')!;
  const scenarios: [string, string][] = [
    [`desk ${type.code}: opened (Semua, counts of every tab)`, typeDesk(type.base)],
    [`desk ${type.code}: tab Diajukan`, typeDesk(type.base, { status: 'submitted' })],
    [
      `desk ${type.code}: tab Dibatalkan, page 20`,
      typeDesk(type.base, { status: 'cancelled', page: '20' }),
    ],
    [
      `desk ${type.code}: tab Selesai, one month`,
      typeDesk(type.base, { status: 'completed', ...month }),
    ],
    [`desk ${type.code}: oldest first`, typeDesk(type.base, { sort: 'created_at' })],
    [`desk ${type.code}: search "siti rahma"`, typeDesk(type.base, { search: 'siti rahma' })],
    [
      `desk ${type.code}: search NIK prefix`,
      typeDesk(type.base, { search: resident.nik.slice(0, 8) }),
    ],
    ['desk ku: opened (Semua, counts of every tab)', typeDesk(ku.base)],
    ['Semua Layanan: opened (waiting, oldest first, counts)', crossDesk()],
    ['Semua Layanan: tab Diproses', crossDesk({ status: 'processing' })],
    ['Semua Layanan: newest first', crossDesk({ sort: '-created_at' })],
    ['Semua Layanan: last week', crossDesk(week)],
    ['Semua Layanan: search "siti"', crossDesk({ search: 'siti' })],
    ['resident search: "siti" (first name)', residentSearch('siti')],
    ['resident search: full name', residentSearch(resident.name.toLowerCase())],
    ['resident search: "wulan" (inside a name)', residentSearch('wulan')],
    ['resident search: no match ("zulkarnaen")', residentSearch('zulkarnaen')],
    ['resident search: full NIK', residentSearch(resident.nik)],
    ['resident search: NIK prefix (8 digits)', residentSearch(resident.nik.slice(0, 8))],
  ];
  const out: DeskLoad[] = [];
  const only = process.env.BENCH_LISTS?.split(',');
  for (const [name, path] of scenarios) {
    if (only && !only.some((o) => name.includes(o))) continue;
    // Each answer checked once before it is timed: a 4xx would time an error page.
    const res = await fetch(`${base}${path}`, { headers });
    if (!res.ok) throw new Error(`${name}: ${path} answered ${res.status}`);
    const body = (await res.json()) as { meta?: { total?: number; counts?: unknown } };
    const r = await load(name, {
      url: `${base}${path}`,
      headers,
      connections: ADMIN_CONNECTIONS,
      duration: DURATION,
    });
    out.push({ ...r, path, total: body.meta?.total, counts: body.meta?.counts });
    console.log(`  ${name}: p95 ${r.latency_p95_ms} ms (total ${body.meta?.total})`);
  }
  return out;
}

/**
 * The desk's "Unduh CSV" / "Unduh Excel": time to the last byte, one download at a time (one
 * warm-up, then BENCH_EXPORT_RUNS), and the server's RSS sampled every 20 ms during them.
 */
export async function deskExports(
  base: string,
  pid: number,
  samples: Awaited<ReturnType<typeof deskSamples>>,
) {
  const admin = await token(base, ADMIN.email, ADMIN.password);
  const { type, month, capFrom } = samples;
  const runs = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
  const typeMonth = { ...month, sort: '-created_at' };
  const queue = { status: QUEUE_STATUSES.join(','), sort: 'created_at' };
  const cap = { from: capFrom, sort: '-created_at' };
  const scenarios: [string, string, number][] = [
    [`${type.code}, one month, CSV`, queueExport('csv', type.code, typeMonth), runs],
    [`${type.code}, one month, XLSX`, queueExport('xlsx', type.code, typeMonth), runs],
    ['Semua Layanan (waiting), CSV', queueExport('csv', undefined, queue), runs],
    ['Semua Layanan (waiting), XLSX', queueExport('xlsx', undefined, queue), runs],
    ['all types since a day, under the 100,000 cap, CSV', queueExport('csv', undefined, cap), 1],
    ['all types since a day, under the 100,000 cap, XLSX', queueExport('xlsx', undefined, cap), 1],
    [
      `${type.code}, all (over the cap): refused`,
      queueExport('csv', type.code, { sort: '-created_at' }),
      runs,
    ],
  ];
  const out = [];
  const only = process.env.BENCH_LISTS?.split(',');
  for (const [name, path, n] of scenarios) {
    if (only && !only.some((o) => name.includes(o))) continue;
    await download(base, admin, path, pid); // warm-up
    const rssBefore = memory(pid).rss;
    const got: Download[] = [];
    for (let i = 0; i < n; i++) got.push(await download(base, admin, path, pid));
    const ms = got.map((g) => g.ms).sort((a, b) => a - b);
    const last = got.at(-1)!;
    const result = {
      name,
      path,
      status: last.status,
      rows: last.rows,
      bytes: last.bytes,
      runs: n,
      median_ms: Math.round(percentile(ms, 50)),
      max_ms: Math.round(ms.at(-1)!),
      rss_before_mb: rssBefore,
      rss_max_mb: Math.max(...got.map((g) => g.rssMax)),
      peak_rss_mb: memory(pid).peak,
    };
    const expected = name.includes('refused') ? 422 : 200;
    if (got.some((g) => g.status !== expected))
      throw new Error(`${name}: ${path} answered ${last.status}`);
    console.log(
      `  export ${name}: ${result.median_ms} ms median, ${result.max_ms} ms slowest, ${result.rows ?? '-'} rows, RSS ${rssBefore} → max ${result.rss_max_mb} MB`,
    );
    out.push(result);
  }
  return out;
}
