import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { DEMO_RESIDENTS } from '../src/seed/residents.ts';
import { createTestApp, login, testConfig, type TestContext } from './helpers.ts';
import { client, pdfText, squash } from './letter-helpers.ts';

describe('the demo village’s letter requests', () => {
  let ctx: TestContext;
  const password = 'rahasia-warga-1';

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedIfEmpty(
      ctx.testDb.db,
      testConfig({
        BALAI_ADMIN_EMAIL: 'admin@sukamaju.desa.id',
        BALAI_ADMIN_PASSWORD: 'rahasia-admin-1',
        BALAI_DEMO_PASSWORD: password,
      }),
    );
  });
  afterAll(async () => ctx.close());

  it('has requests in every status, made through the real workflow', async () => {
    const admin = client(
      ctx.app,
      await login(ctx.app, 'admin@sukamaju.desa.id', 'rahasia-admin-1'),
    );
    const all = (await admin('GET', '/api/letter-requests?per_page=100')).json().data as {
      status: string;
    }[];
    expect(new Set(all.map((r) => r.status))).toEqual(
      new Set(['submitted', 'needs_revision', 'processing', 'completed', 'rejected', 'cancelled']),
    );
    expect(
      (await admin('GET', '/api/notifications/unread-count')).json().data.count,
    ).toBeGreaterThan(0);
  });

  it('has one issued letter its holder can download, on the village letterhead', async () => {
    const siti = client(ctx.app, await login(ctx.app, DEMO_RESIDENTS[0]!.email, password));
    const [history] = (await siti('GET', '/api/pdf-histories')).json().data;
    expect(history).toMatchObject({ type: 'ku', applicant_name: DEMO_RESIDENTS[0]!.name });
    const pdf = await siti('GET', history.download_url);
    expect(pdf.statusCode).toBe(200);
    const text = squash(pdfText(pdf.rawPayload));
    expect(text).toContain('SURAT KETERANGAN USAHA');
    expect(text).toContain(history.number);
    expect(text).toContain('Warung Berkah Ibu Siti');
  });

  it('names only places of the demo village’s own kecamatan, Cibeureum (issue 25)', async () => {
    const rows = await ctx.testDb.db.kysely.selectFrom('letter_requests').select('data').execute();
    const text = rows.map((r) => r.data).join('\n');
    expect(text).not.toMatch(/Cibinong/);
    // Every police station, bank branch, school and market named is Cibeureum's.
    const places = text.match(/\b(?:Polsek|Unit|SMA Negeri \d+|Pasar)\b(?: \w+)?/g) ?? [];
    expect(places.length).toBeGreaterThanOrEqual(4);
    for (const place of places) expect(place).toMatch(/Cibeureum$/);
  });
});
