import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { getSigningSetup } from '../src/repositories/signing.ts';
import { DEMO_RESIDENTS } from '../src/seed/residents.ts';
import {
  DEMO_OFFICIALS,
  describeSeed,
  SEED_UNFINISHED_HASH,
  seedIfEmpty,
  type SeedResult,
} from '../src/seed/seed.ts';
import { createTestApp, onPostgres, testConfig, type TestContext } from './helpers.ts';

/**
 * Issue 19.2: a first start killed during seeding. Here the seed is stopped by a real failure
 * at a chosen step — a trigger planted in the database that refuses one insert — or after it
 * printed the passwords; the next seed must carry the village on to the end, once, and print
 * passwords that work (new ones: the earlier were never shown or never took effect).
 * (bench/proof/crash.proof.ts kills real first starts with SIGKILL.)
 */
const contexts: TestContext[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.close();
});

async function fresh(): Promise<TestContext> {
  const ctx = await createTestApp();
  contexts.push(ctx);
  return ctx;
}

/** A trigger that makes inserts into `table` matching `when` fail, until `remove()`. */
async function plantFailure(db: Db, table: string, when: string) {
  if (onPostgres) {
    await sql
      .raw(
        `create function planted_failure() returns trigger language plpgsql as $$
         begin raise exception 'planted failure on ${table}'; end $$`,
      )
      .execute(db.kysely);
    await sql
      .raw(
        `create trigger planted_failure before insert on ${table} for each row
         when (${when}) execute function planted_failure()`,
      )
      .execute(db.kysely);
  } else {
    await sql
      .raw(
        `create trigger planted_failure before insert on ${table} when ${when}
         begin select raise(abort, 'planted failure on ${table}'); end`,
      )
      .execute(db.kysely);
  }
  return {
    remove: async () => {
      await sql
        .raw('drop trigger planted_failure' + (onPostgres ? ` on ${table}` : ''))
        .execute(db.kysely);
      if (onPostgres) await sql.raw('drop function planted_failure()').execute(db.kysely);
    },
  };
}

async function signIn(ctx: TestContext, email: string, password: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
  });
  return res.statusCode;
}

/** What a finished demo village holds, to compare a resumed one with a clean one. */
async function village(db: Db) {
  const k = db.kysely;
  const requests = await k
    .selectFrom('letter_requests')
    .select(['type', 'status', 'number'])
    .orderBy('id')
    .execute();
  const users = await k.selectFrom('users').select(['email', 'password_hash']).execute();
  const setup = await getSigningSetup(k);
  const head = setup.head_user_id
    ? await k
        .selectFrom('users')
        .select('email')
        .where('id', '=', setup.head_user_id)
        .executeTakeFirst()
    : undefined;
  const settings = await k.selectFrom('settings').select('village_name').execute();
  return {
    requests: requests.map((r) => `${r.type}:${r.status}:${r.number === null ? '-' : 'no'}`),
    users: users.map((u) => u.email).sort(),
    unfinished: users.filter((u) => u.password_hash === SEED_UNFINISHED_HASH).length,
    head: head?.email ?? null,
    settings: settings.map((s) => s.village_name),
  };
}

async function checkCanSignIn(ctx: TestContext, result: SeedResult) {
  const { admins, officials, residents } = result.accounts!;
  for (const a of [...admins, ...officials, ...residents]) {
    expect(a.password, a.email).toBeTruthy();
    expect(await signIn(ctx, a.email, a.password!), a.email).toBe(200);
  }
}

describe(
  `a first seed interrupted half-way, on ${onPostgres ? 'PostgreSQL' : 'SQLite'} (issue 19.2)`,
  { timeout: 400_000 },
  () => {
    it('is carried on to the end at the next start, the same village as a clean seed', async () => {
      const clean = await fresh();
      const cleanResult = await seedIfEmpty(clean.testDb.db, testConfig());
      expect(cleanResult.resumed).toBeUndefined();
      const expected = await village(clean.testDb.db);
      expect(expected.requests).toHaveLength(7);
      expect(expected.head).toBe(DEMO_OFFICIALS[0].email);
      expect(expected.unfinished).toBe(0);

      // Stopped at the fifth demo request (the resident's "k"), after content, accounts and four
      // requests with their status changes, one of them issued.
      const ctx = await fresh();
      const db = ctx.testDb.db;
      const planted = await plantFailure(db, 'letter_requests', "new.type = 'k'");
      const shown: SeedResult[] = [];
      await expect(
        seedIfEmpty(db, testConfig(), { announce: (r) => void shown.push(r) }),
      ).rejects.toThrow(/planted failure/);
      expect(shown).toEqual([]); // nothing printed: no password anybody saw
      const half = await village(db);
      expect(half.requests.length).toBeGreaterThan(0);
      expect(half.requests.length).toBeLessThan(7);
      expect(half.head).toBeNull(); // approval not on yet
      // Every account made so far waits for its password; none can sign in.
      expect(half.unfinished).toBe(half.users.length);
      expect(await signIn(ctx, 'admin@balai.local', SEED_UNFINISHED_HASH)).toBe(401);

      await planted.remove();
      const resumed = await seedIfEmpty(db, testConfig(), { announce: (r) => void shown.push(r) });
      expect(resumed).toMatchObject({ seeded: true, resumed: true });
      expect(shown).toEqual([resumed]);
      expect(await village(db)).toEqual(expected);
      await checkCanSignIn(ctx, resumed);
      expect(describeSeed(resumed, 'http://balai.test')).toContain(
        'pengisian yang terhenti pada start sebelumnya diselesaikan',
      );

      // Finished: the next start leaves it alone.
      expect(await seedIfEmpty(db, testConfig())).toEqual({ seeded: false });
    });

    it('is finished when stopped before the signers, with approval on', async () => {
      const ctx = await fresh();
      const db = ctx.testDb.db;
      const planted = await plantFailure(db, 'signing_settings', '1 = 1');
      await expect(seedIfEmpty(db, testConfig())).rejects.toThrow(/planted failure/);
      const half = await village(db);
      expect(half.requests).toHaveLength(7);
      expect(half.users).not.toContain(DEMO_OFFICIALS[0].email); // the signers' transaction undone

      await planted.remove();
      const resumed = await seedIfEmpty(db, testConfig());
      expect(resumed.resumed).toBe(true);
      const done = await village(db);
      expect(done.head).toBe(DEMO_OFFICIALS[0].email);
      expect(done.requests).toEqual(half.requests); // no request filed twice
      await checkCanSignIn(ctx, resumed);
    });

    it('prints new passwords when the start died after printing, and the printed ones never work', async () => {
      const ctx = await fresh();
      const db = ctx.testDb.db;
      let printed: SeedResult | undefined;
      await expect(
        seedIfEmpty(db, testConfig(), {
          announce: (r) => {
            printed = r;
            throw new Error('killed right after printing');
          },
        }),
      ).rejects.toThrow(/killed right after printing/);
      const lost = printed!.accounts!;
      expect(await signIn(ctx, lost.admins[0]!.email, lost.admins[0]!.password!)).toBe(401);

      const again = await seedIfEmpty(db, testConfig());
      expect(again.resumed).toBe(true);
      expect(again.admin!.password).not.toBe(lost.admins[0]!.password);
      expect(again.accounts!.residents[0]!.password).not.toBe(lost.residents[0]!.password);
      await checkCanSignIn(ctx, again);
      expect(await signIn(ctx, lost.admins[0]!.email, lost.admins[0]!.password!)).toBe(401);
    });

    it('an administrator-only first start (SEED_DEMO=0) is finished too', async () => {
      const ctx = await fresh();
      const config = testConfig({ SEED_DEMO: '0' });
      await expect(
        seedIfEmpty(ctx.testDb.db, config, {
          announce: () => {
            throw new Error('killed');
          },
        }),
      ).rejects.toThrow('killed');
      const again = await seedIfEmpty(ctx.testDb.db, config);
      expect(again.accounts).toMatchObject({ officials: [], residents: [] });
      expect(again.accounts!.admins).toHaveLength(1);
      await checkCanSignIn(ctx, again);
    });
  },
);

describe('the first start’s printout (issue 25.13)', { timeout: 200_000 }, () => {
  it('lists every account with the password it uses', async () => {
    const ctx = await fresh();
    const result = await seedIfEmpty(ctx.testDb.db, testConfig());
    const text = describeSeed(result, 'http://balai.test');
    const lines = text.split('\n');
    const accounts = [
      { email: 'admin@balai.local', label: 'Administrator', password: result.admin!.password! },
      ...DEMO_OFFICIALS.map((o) => ({
        email: o.email,
        label: o.position === 'kepala_desa' ? 'Kepala Desa' : 'Sekretaris Desa',
        password: result.accounts!.officials[0]!.password!,
      })),
      ...DEMO_RESIDENTS.map((r) => ({
        email: r.email,
        label: r.name,
        password: result.accounts!.residents[0]!.password!,
      })),
    ];
    for (const a of accounts) {
      const line = lines.find((l) => l.includes(a.email));
      expect(line, a.email).toBeDefined();
      expect(line).toContain(a.label);
      expect(line).toContain(a.password);
      expect(await signIn(ctx, a.email, a.password), a.email).toBe(200);
    }
    expect(result.admin!.password).not.toBe(result.accounts!.residents[0]!.password);
    expect(text).toContain('http://balai.test/auth/login');
    expect(text).toContain('hanya ditampilkan sekali');
  });

  it('names the variable a configured password came from, on each account’s line', async () => {
    const ctx = await fresh();
    const result = await seedIfEmpty(
      ctx.testDb.db,
      testConfig({
        BALAI_ADMIN_EMAIL: 'kantor@sukamaju.desa.id',
        BALAI_ADMIN_PASSWORD: 'rahasia-admin-1',
        BALAI_DEMO_PASSWORD: 'rahasia-warga-1',
      }),
    );
    const lines = describeSeed(result, 'http://balai.test').split('\n');
    expect(lines.find((l) => l.includes('kantor@sukamaju.desa.id'))).toContain(
      '(dari BALAI_ADMIN_PASSWORD)',
    );
    for (const email of [...DEMO_OFFICIALS, ...DEMO_RESIDENTS].map((a) => a.email)) {
      expect(lines.find((l) => l.includes(email))).toContain('(dari BALAI_DEMO_PASSWORD)');
    }
    expect(lines.join('\n')).not.toContain('hanya ditampilkan sekali');
    expect(lines.join('\n')).not.toContain('rahasia-');
  });
});
