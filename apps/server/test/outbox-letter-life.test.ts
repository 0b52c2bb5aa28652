import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, requestReference } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';
import { startFakeProvider } from './fake-provider.ts';

const kks = letterTypeByCode('kks')!;

/** A letter's life sends the resident's confirmed WhatsApp exactly its notices (issue 22). */
describe('a letter’s life over WhatsApp', () => {
  let ctx: TestContext;
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;

  beforeAll(async () => {
    fake = await startFakeProvider();
    ctx = await createTestApp({
      env: {
        RATE_LIMIT_MAX: '0',
        WA_GATEWAY_URL: `${fake.url}/send`,
        WA_GATEWAY_TOKEN: 'tok',
        WA_MIN_GAP_MS: '0',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  it('received, needs completion, (in process: app only), issued: three messages, no internal note, no NIK', async () => {
    const db = ctx.testDb.db;
    const admin = client(
      ctx.app,
      await login(ctx.app, (await makeUser(db, { role: 'ADMINISTRATOR' })).email),
    );
    const resident = await makeResident(db, { name: 'Dewi Lestari' });
    const asResident = client(ctx.app, await login(ctx.app, resident.email));
    const now = new Date().toISOString();
    await ctx.app.db
      .insertInto('notice_channels')
      .values({
        user_id: resident.id,
        channel: 'whatsapp',
        address: '6281234567890',
        confirmed_at: now,
        code_hash: null,
        code_expires_at: null,
        code_tries: 0,
        stop_told: 0,
        updated_at: now,
      })
      .execute();

    const id = (await asResident('POST', kks.base, example('kks'))).json().data.id as number;
    await admin('PUT', `${kks.base}/${id}`, {
      status: 'needs_revision',
      note: 'Lampirkan surat kehilangan dari Polsek.',
    });
    await asResident('PUT', `${kks.base}/${id}`, {
      purpose: 'Pencairan bantuan, surat kehilangan terlampir',
    });
    const internal = 'RAHASIA-INTERNAL cek ulang data';
    await admin('PUT', `${kks.base}/${id}`, { status: 'processing', note: internal });
    const done = (await admin('PUT', `${kks.base}/${id}`, { status: 'completed' })).json().data;

    for (let i = 0; i < 750 && fake.received.length < 3; i++)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    const messages = fake.received.map((r) => r.fields);
    expect(messages.map((m) => m.target)).toEqual([
      '6281234567890',
      '6281234567890',
      '6281234567890',
    ]);
    const texts = messages.map((m) => m.message as string);
    const ref = requestReference('kks', id);
    // Received, needs completing (with what is missing), issued; "in process" stays in the app.
    expect(texts[0]).toContain(`${ref}) sudah kami terima`);
    expect(texts[0]).toContain(`http://balai.test/service/kks/${id}`);
    expect(texts[0]).toContain('Tidak ingin menerima pesan ini?');
    expect(texts[1]).toContain(`${ref}) perlu dilengkapi: Lampirkan surat kehilangan dari Polsek.`);
    expect(texts[2]).toContain(`${ref}) sudah terbit dengan nomor ${done.number}`);
    expect(texts[2]).toContain(`http://balai.test/service/kks/${id}`);
    for (const t of texts) {
      expect(t).not.toContain('RAHASIA-INTERNAL');
      expect(t).not.toContain(resident.nik);
    }
    expect(texts.slice(1).some((t) => t.includes('Tidak ingin menerima'))).toBe(false);
    const rows = await ctx.app.db
      .selectFrom('notice_outbox')
      .select(['kind', 'state', 'letter_request_id'])
      .where('channel', '=', 'whatsapp')
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      ['received', 'incomplete', 'issued'].map((kind) => ({
        kind,
        state: 'sent',
        letter_request_id: id,
      })),
    );
  });
});
