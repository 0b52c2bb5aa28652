import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_RESOURCES, contentResourceByKey, contentSchema } from '@balai/domain';
import { countContent } from '../src/repositories/content.ts';
import { seedDemoContent } from '../src/seed/content.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { createTestApp, createTestDb, testConfig, type TestContext } from './helpers.ts';

type Item = Record<string, unknown> & { id: number };

describe('the demo village', () => {
  let ctx: TestContext;
  let seedMs: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const started = performance.now();
    const result = await seedIfEmpty(
      ctx.testDb.db,
      testConfig({
        BALAI_ADMIN_EMAIL: 'admin@sukamaju.desa.id',
        BALAI_ADMIN_PASSWORD: 'rahasia-admin-1',
      }),
    );
    seedMs = performance.now() - started;
    expect(result.seeded).toBe(true);
  });
  afterAll(async () => ctx.close());

  const list = async (key: string): Promise<Item[]> => {
    const r = contentResourceByKey(key);
    const res = await ctx.app.inject({ method: 'GET', url: `${r?.base}?per_page=100` });
    expect(res.statusCode).toBe(200);
    return res.json().data as Item[];
  };
  const num = (v: unknown) => Number(String(v).replace(/\./g, ''));
  const sum = (items: Item[], key: string) => items.reduce((n, x) => n + Number(x[key]), 0);

  it('is seeded quickly (images included)', () => {
    // Two argon2 hashes (admin, residents) are part of this; the content itself takes ~1 s.
    expect(seedMs).toBeLessThan(5000);
  });

  it('fills every resource with records valid by their own definition', async () => {
    for (const r of CONTENT_RESOURCES) {
      const items = await list(r.key);
      expect(items.length, r.key).toBeGreaterThan(0);
      for (const item of items) {
        const parsed = contentSchema(r).safeParse(item);
        expect(parsed.success, `${r.key} #${item.id}`).toBe(true);
        for (const f of r.fields.filter((x) => x.kind === 'image' && x.required)) {
          expect(item[`${f.name}_url`], `${r.key}.${f.name}`).not.toBeNull();
        }
      }
    }
  });

  it('names the village and its head, with a logo', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json().data).toMatchObject({
      village_name: 'Sukamaju',
      kecamatan: 'Cibeureum',
      kabupaten: 'Bogor',
      provinsi: 'Jawa Barat',
      postal_code: '16720',
    });
    expect(res.json().data.logo_url).toMatchObject({ width: 512, height: 512 });
    const row = await ctx.testDb.db.kysely
      .selectFrom('settings')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      village_code: '3201012001',
      head_name: 'H. Dedi Supriadi, S.Sos.',
    });
    // A kepala desa is not a civil servant: the demo's has no NIP (issue 25.2).
    expect(row.head_nip).toBeNull();
  });

  it('has population figures that add up across ages, jobs, religions and the totals', async () => {
    const ages = await list('population-ages');
    const jobs = await list('population-jobs');
    const religions = await list('population-religions');
    const infos = Object.fromEntries(
      (await list('population-infos')).map((x) => [x.label, x.value]),
    );
    const male = num(infos['Laki-laki']);
    const female = num(infos.Perempuan);
    expect(num(infos['Jumlah Penduduk'])).toBe(male + female);
    expect(num(infos['Jumlah Kepala Keluarga'])).toBeGreaterThan(0);
    for (const table of [ages, jobs, religions]) {
      expect(sum(table, 'male_count')).toBe(male);
      expect(sum(table, 'female_count')).toBe(female);
    }
    // Age groups follow one another without gaps; only the last is open-ended.
    for (const [i, group] of ages.entries()) {
      const next = ages[i + 1];
      if (next) expect(next.age_from).toBe(Number(group.age_to) + 1);
      else expect(group.age_to).toBeNull();
    }
  });

  it('has an organisation chart: Kepala Desa → Sekretaris Desa → Kaur/Kasi → Kepala Dusun', async () => {
    const officials = await list('village-structures');
    const byId = new Map(officials.map((o) => [o.id, o]));
    const chain = (o: Item): string[] => {
      const boss = o.reports_to === null ? undefined : byId.get(Number(o.reports_to));
      return boss ? [...chain(boss), String(boss.position_title)] : [];
    };
    const heads = officials.filter((o) => o.reports_to === null);
    expect(heads.map((o) => o.position_title)).toEqual(['Kepala Desa']);
    const dusun = officials.filter((o) => String(o.position_title).startsWith('Kepala Dusun'));
    expect(dusun.length).toBe(3);
    for (const o of dusun) {
      expect(chain(o)).toEqual(['Kepala Desa', 'Sekretaris Desa', 'Kasi Pemerintahan']);
    }
    for (const o of officials) expect(o.photo_url, String(o.name)).not.toBeNull();
  });

  it('writes rich text that is already clean, and public links that stay on the site', async () => {
    const profiles = await list('village-profiles');
    expect(profiles.map((p) => p.title)).toEqual(['Sejarah Desa', 'Visi', 'Misi', 'Geografis']);
    for (const p of profiles) expect(String(p.content)).toMatch(/^<(p|blockquote|ol)>/);
    for (const h of await list('homepage-headers'))
      expect(String(h.button_link)).toMatch(/^\/[a-z]/);
  });

  it('never seeds twice, and stays out of a village that has content', async () => {
    const before = await countContent(ctx.testDb.db.kysely, CONTENT_RESOURCES[0]!);
    await seedDemoContent(ctx.testDb.db.kysely);
    expect(await countContent(ctx.testDb.db.kysely, CONTENT_RESOURCES[0]!)).toBe(before);
  });

  it('leaves content and settings empty with SEED_DEMO=0', async () => {
    const fresh = await createTestDb();
    try {
      const result = await seedIfEmpty(
        fresh.db,
        testConfig({
          SEED_DEMO: '0',
          BALAI_ADMIN_EMAIL: 'a@desa.id',
          BALAI_ADMIN_PASSWORD: 'rahasia-admin-1',
        }),
      );
      expect(result.seeded).toBe(true);
      for (const r of CONTENT_RESOURCES) expect(await countContent(fresh.db.kysely, r)).toBe(0);
      expect(
        await fresh.db.kysely.selectFrom('settings').selectAll().executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await fresh.drop();
    }
  });
});
