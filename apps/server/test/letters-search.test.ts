import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantFromProfile, letterSchema, letterTypeByCode } from '@balai/domain';
import { requestTerms, searchTerms } from '../src/repositories/letter-filters.ts';
import { SEARCH_COUNT_CAP } from '../src/repositories/letter-search.ts';
import { nameKey } from '../src/lib/names.ts';
import { dateBounds } from '../src/routes/letters/schemas.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { FULL_PROFILE, client, example } from './letter-helpers.ts';

/**
 * The admin's search over more requests than the count cap (ADR 0010): whichever way a search
 * is answered — one term straight off its index, a few terms merged, many terms grouped or
 * walked in date order — the page must be exactly the newest (or oldest) matches, each request
 * once, and the count exact up to 10,000 and a true lower bound above it. Every answer is
 * compared with the same search done by brute force over the generated rows.
 */
const STATUSES = ['submitted', 'processing', 'completed', 'rejected'] as const;
const N = SEARCH_COUNT_CAP + 150;
const START = Date.parse('2026-01-01T00:00:00.000Z');

interface Generated {
  id: number;
  type: 'ku' | 'kp';
  status: (typeof STATUSES)[number];
  created_at: string;
  terms: string[];
}

/**
 * Names "Zzw{k} Padi|Padma Warga": 70 words share the prefix "zzw" (more than the merge takes),
 * "zzw6" covers 11 of them, every name has "warga" (more than the cap). One request in fifty
 * also has "Zzw6x": it matches "zzw" and "zzw6" twice and must count once. Two requests share
 * each timestamp, so ties are broken by id.
 */
function name(i: number): string {
  const k = i % 70;
  return `Zzw${k} ${i % 3 === 0 ? 'Padi' : 'Padma'} Warga${i % 50 === 0 ? ' Zzw6x' : ''}`;
}

describe('searching many requests', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  const rows: Generated[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db.kysely;
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const data = {
      ku: JSON.stringify(letterSchema(letterTypeByCode('ku')!).parse(example('ku'))),
      kp: JSON.stringify(letterSchema(letterTypeByCode('kp')!).parse(example('kp'))),
    };
    for (let from = 0; from < N; from += 500) {
      const batch = Array.from({ length: Math.min(500, N - from) }, (_, j) => {
        const i = from + j;
        const applicantName = name(i);
        const nik = `3201${String(i).padStart(12, '0')}`;
        const type = i % 2 ? ('ku' as const) : ('kp' as const);
        const created = new Date(START + Math.floor(i / 2) * 60_000).toISOString();
        return {
          type,
          applicant_user_id: null,
          filed_by: admin.id,
          applicant: JSON.stringify(
            applicantFromProfile({ ...FULL_PROFILE, name: applicantName, nik }),
          ),
          applicant_name: applicantName,
          applicant_name_key: nameKey(applicantName),
          applicant_nik: nik,
          data: data[type],
          purpose: null,
          phone: null,
          status: STATUSES[i % 4]!,
          note: null,
          number: null,
          number_seq: null,
          number_year: null,
          verify_token: randomBytes(24).toString('base64url'),
          idempotency_key: null,
          issued_at: null,
          created_at: created,
          updated_at: created,
        };
      });
      const inserted = await db
        .insertInto('letter_requests')
        .values(batch)
        .returning(['id', 'verify_token'])
        .execute();
      const idOf = new Map(inserted.map((r) => [r.verify_token, r.id]));
      const terms = batch.flatMap((r) => {
        const g: Generated = {
          id: idOf.get(r.verify_token)!,
          type: r.type,
          status: r.status,
          created_at: r.created_at,
          terms: requestTerms(r),
        };
        rows.push(g);
        return g.terms.map((term) => ({
          letter_request_id: g.id,
          term,
          type: g.type,
          status: g.status,
          created_at: g.created_at,
        }));
      });
      for (let t = 0; t < terms.length; t += 1000) {
        await db
          .insertInto('letter_search_terms')
          .values(terms.slice(t, t + 1000))
          .execute();
      }
    }
  }, 120_000);
  afterAll(async () => ctx.close());

  /** The same search by brute force: ids in list order and how many match. */
  function expected(q: {
    search: string;
    type?: 'ku' | 'kp';
    status?: string;
    from?: string;
    to?: string;
    oldest?: boolean;
  }): number[] {
    const words = searchTerms(q.search);
    const statuses = q.status?.split(',');
    const { start, end } = dateBounds(q.from, q.to);
    const found = rows.filter(
      (r) =>
        words.every((w) => r.terms.some((t) => t.startsWith(w))) &&
        (!q.type || r.type === q.type) &&
        (!statuses || statuses.includes(r.status)) &&
        (!start || r.created_at >= start) &&
        (!end || r.created_at < end),
    );
    found.sort((a, b) =>
      a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1,
    );
    if (!q.oldest) found.reverse();
    return found.map((r) => r.id);
  }

  async function check(
    q: Parameters<typeof expected>[0],
    pages: number[],
    perPage = 15,
  ): Promise<void> {
    const want = expected(q);
    const base = q.type ? letterTypeByCode(q.type)!.base : '/api/letter-requests';
    const params = new URLSearchParams({ search: q.search, per_page: String(perPage) });
    if (q.status) params.set('status', q.status);
    if (q.from) params.set('from', q.from);
    if (q.to) params.set('to', q.to);
    if (q.oldest) params.set('sort', 'created_at');
    for (const page of pages) {
      params.set('page', String(page));
      const res = await asAdmin('GET', `${base}?${params}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: { id: number }[]; meta: Record<string, unknown> };
      const label = `${JSON.stringify(q)} page ${page}`;
      expect(
        body.data.map((r) => r.id),
        label,
      ).toEqual(want.slice((page - 1) * perPage, page * perPage));
      if (want.length <= SEARCH_COUNT_CAP) {
        expect(body.meta, label).toMatchObject({ total: want.length, total_exact: true });
      } else {
        // Counting stopped after SEARCH_COUNT_CAP entries: `total` is the distinct requests
        // among them (a request with two matching words is one), a true lower bound, and says so.
        const total = body.meta.total as number;
        expect(body.meta.total_exact, label).toBe(false);
        expect(total, label).toBeLessThanOrEqual(Math.min(SEARCH_COUNT_CAP, want.length));
        expect(total, label).toBeGreaterThan(SEARCH_COUNT_CAP / 2);
        expect(body.meta.last_page, label).toBe(Math.ceil(total / perPage));
      }
    }
  }

  it('reads one common word off its index and stops counting at the cap', async () => {
    expect(expected({ search: 'warga' }).length).toBe(N);
    await check({ search: 'warga' }, [1, 2, 400]);
    await check({ search: 'warga', oldest: true }, [1, 677]);
    await check({ search: 'Warga', type: 'kp', status: 'submitted' }, [1, 3]);
  });

  it('merges the few words a prefix covers, counting a request that has two of them once', async () => {
    // zzw6, zzw60…zzw69 and zzw6x: twelve terms.
    const twice = expected({ search: 'zzw6' });
    expect(twice.length).toBeLessThan(SEARCH_COUNT_CAP);
    await check({ search: 'zzw6' }, [1, 2, 30, Math.ceil(twice.length / 15)]);
    await check({ search: 'zzw6', oldest: true }, [1, 5]);
    await check({ search: 'zzw6', type: 'ku', status: 'submitted,completed' }, [1, 2]);
    await check({ search: 'zzw6', from: '2026-01-02', to: '2026-01-03' }, [1, 4]);
    // With a second word that must begin another word of the name.
    await check({ search: 'zzw6 pad' }, [1, 3]);
    await check({ search: 'padi zzw6' }, [1, 2]);
  });

  it('answers a prefix covering many words, below and above the cap', async () => {
    // 71 terms start with "zzw": more than the merge takes.
    expect(expected({ search: 'zzw' }).length).toBeGreaterThan(SEARCH_COUNT_CAP);
    // All types: more than the cap, walked newest first.
    await check({ search: 'zzw' }, [1, 2, 250]);
    await check({ search: 'zzw', oldest: true }, [1, 3]);
    await check({ search: 'zzw', status: 'processing,rejected' }, [1, 2]);
    // One type: under the cap, grouped and sorted, counted exactly and once each.
    await check({ search: 'zzw', type: 'ku' }, [1, 2, 339]);
    await check({ search: 'zzw pad', type: 'kp', status: 'completed' }, [1, 2]);
    // NIK prefixes: every NIK (walked), a thousand (grouped), ten (merged).
    await check({ search: '320100000' }, [1, 2, 67]);
    expect(expected({ search: '3201000000001' })).toHaveLength(1000);
    await check({ search: '3201000000001' }, [1, 2, 67]);
    expect(expected({ search: '320100000000123' })).toHaveLength(10);
    await check({ search: '320100000000123' }, [1]);
  });

  it('finds nothing for a prefix no term has, at once', async () => {
    const res = await asAdmin('GET', '/api/letter-requests?search=qqq');
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0, total_exact: true } });
  });
});
