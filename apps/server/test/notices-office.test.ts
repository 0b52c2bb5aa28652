import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, requestReference, ADMIN_ROLE } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';
import { startFakeProvider } from './fake-provider.ts';

const kks = letterTypeByCode('kks')!;

/**
 * The office's view of delivery (issue 22): each channel's state, "kirim pesan uji", the failed
 * notices and their retry, and a rejected request's timeline (the reason reaches the resident,
 * the internal note does not), against a real local server playing the WhatsApp gateway.
 */
let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeProvider>>;
let admin: ReturnType<typeof client>;

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 300 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  fake = await startFakeProvider();
  ctx = await createTestApp({
    env: {
      RATE_LIMIT_MAX: '0',
      WA_GATEWAY_URL: `${fake.url}/send`,
      WA_GATEWAY_TOKEN: 'rahasia-token-gateway',
      WA_MIN_GAP_MS: '0',
      NOTICE_MAX_TRIES: '1',
    },
  });
  const clerk = await makeUser(ctx.testDb.db, { role: ADMIN_ROLE });
  admin = client(ctx.app, await login(ctx.app, clerk.email));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('the office’s notice routes', () => {
  it('a resident gets 403 on every office route', async () => {
    const r = await makeUser(ctx.testDb.db);
    const as = client(ctx.app, await login(ctx.app, r.email));
    for (const [method, url] of [
      ['GET', '/api/notices/channels'],
      ['GET', '/api/notices/failed'],
      ['POST', '/api/notices/1/retry'],
      ['GET', '/api/letter-requests/1/notices'],
    ] as const) {
      expect((await as(method, url)).statusCode, url).toBe(403);
    }
    const test = await as('POST', '/api/notices/test', { channel: 'email', target: 'a@b.id' });
    expect(test.statusCode).toBe(403);
  });

  it('channels, a test message that fails, the failed list, a retry that goes out', async () => {
    const channels = (await admin('GET', '/api/notices/channels')).json();
    const by = Object.fromEntries(
      channels.data.map((c: { channel: string }) => [c.channel, c]),
    ) as Record<string, { configured: boolean; on: boolean; endpoint: string | null }>;
    expect(by.whatsapp).toMatchObject({ configured: true, on: true, endpoint: `${fake.url}/send` });
    expect(by.email).toMatchObject({ configured: true, on: true });
    expect(by.telegram).toMatchObject({ configured: false, on: false });
    expect(JSON.stringify(channels)).not.toContain('rahasia-token-gateway');

    const off = await admin('POST', '/api/notices/test', { channel: 'telegram', target: '12345' });
    expect(off.statusCode).toBe(422);
    const badTarget = await admin('POST', '/api/notices/test', {
      channel: 'whatsapp',
      target: 'bukan nomor',
    });
    expect(badTarget.statusCode).toBe(422);
    expect(badTarget.json().errors.target[0]).toContain('Nomor WhatsApp tidak valid');

    fake.plan.push({ status: 500 });
    const queued = await admin('POST', '/api/notices/test', {
      channel: 'whatsapp',
      target: '0812 3456 7100',
    });
    expect(queued.statusCode, queued.body).toBe(200);
    const id = queued.json().data.id as number;
    expect(queued.json().data).toMatchObject({ kind: 'test', recipient: '62812****7100' });
    await until(
      async () =>
        (
          await ctx.app.db
            .selectFrom('notice_outbox')
            .select('state')
            .where('id', '=', id)
            .executeTakeFirst()
        )?.state === 'failed',
    );

    const failed = (await admin('GET', '/api/notices/failed?days=7')).json();
    expect(failed.meta.total).toBe(1);
    expect(failed.data[0]).toMatchObject({
      id,
      state: 'failed',
      state_label: 'Gagal',
      channel: 'whatsapp',
      tries: 1,
    });
    expect(failed.data[0].last_error).toContain('penyedia menjawab 500');
    expect(failed.data[0]).not.toHaveProperty('body');
    const state = (await admin('GET', '/api/notices/channels'))
      .json()
      .data.find((c: { channel: string }) => c.channel === 'whatsapp');
    expect(state).toMatchObject({ failed_recent: 1 });
    expect(state.last_error).toContain('500');
    expect((await admin('GET', '/api/notices/failed?days=0')).statusCode).toBe(422);

    const retried = await admin('POST', `/api/notices/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.state).toBe('queued');
    await until(
      async () =>
        (
          await ctx.app.db
            .selectFrom('notice_outbox')
            .select('state')
            .where('id', '=', id)
            .executeTakeFirst()
        )?.state === 'sent',
    );
    expect(fake.received.filter((r) => r.fields.target === '6281234567100')).toHaveLength(2);
    expect(fake.received.at(-1)!.fields.message).toContain('Pesan uji dari Balai');
    expect((await admin('POST', `/api/notices/${id}/retry`)).statusCode).toBe(409);
    expect((await admin('POST', '/api/notices/999999/retry')).statusCode).toBe(404);
    expect((await admin('GET', '/api/notices/failed')).json().meta.total).toBe(0);
  });

  it('a rejected request’s timeline: received and rejected, sent, with the reason and no internal note', async () => {
    const resident = await makeResident(ctx.testDb.db);
    const now = new Date().toISOString();
    await ctx.app.db
      .insertInto('notice_channels')
      .values({
        user_id: resident.id,
        channel: 'whatsapp',
        address: '6281234567200',
        confirmed_at: now,
        code_tries: 0,
        stop_told: 0,
        updated_at: now,
      })
      .execute();
    const as = client(ctx.app, await login(ctx.app, resident.email));
    const id = (await as('POST', kks.base, example('kks'))).json().data.id as number;
    await admin('PUT', `${kks.base}/${id}`, { status: 'processing', note: 'INTERNAL-cek-ulang' });
    const rejected = await admin('PUT', `${kks.base}/${id}`, {
      status: 'rejected',
      note: 'Domisili di luar desa.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mine = () => fake.received.filter((r) => r.fields.target === '6281234567200');
    await until(async () => mine().length >= 2);
    await new Promise((r) => setTimeout(r, 100));
    const texts = mine().map((r) => r.fields.message as string);
    const ref = requestReference('kks', id);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(`${ref}) sudah kami terima`);
    expect(texts[1]).toContain(`${ref}) ditolak. Alasan: Domisili di luar desa.`);
    for (const t of texts) {
      expect(t).not.toContain('INTERNAL');
      expect(t).not.toContain(resident.nik!);
    }

    const timeline = (await admin('GET', `/api/letter-requests/${id}/notices`)).json().data as {
      channel: string;
      kind: string;
      state: string;
      state_label: string;
      recipient: string;
    }[];
    const wa = timeline.filter((n) => n.channel === 'whatsapp');
    expect(wa.map((n) => [n.kind, n.state, n.state_label])).toEqual([
      ['received', 'sent', 'Terkirim'],
      ['rejected', 'sent', 'Terkirim'],
    ]);
    expect(wa[0]!.recipient).toBe('62812****7200');
    // The in-app notices to the resident (processing, rejected) are on the timeline too.
    expect(timeline.filter((n) => n.channel === 'app').length).toBe(2);
    expect((await admin('GET', '/api/letter-requests/999999/notices')).statusCode).toBe(404);
  });

  it('the Kepala Desa with WhatsApp on hears how many letters wait, with the link to the queue', async () => {
    const db = ctx.testDb.db;
    const head = await makeUser(db, { role: ADMIN_ROLE, position: 'kepala_desa' });
    const now = new Date().toISOString();
    await ctx.app.db
      .insertInto('notice_channels')
      .values({
        user_id: head.id,
        channel: 'whatsapp',
        address: '6281234567400',
        confirmed_at: now,
        code_tries: 0,
        stop_told: 1,
        updated_at: now,
      })
      .execute();
    expect(
      (await admin('PUT', '/api/settings/signing', { head_user_id: head.id })).statusCode,
    ).toBe(200);
    const ku = letterTypeByCode('ku')!;
    const r = await makeResident(db);
    const id = (
      await client(ctx.app, await login(ctx.app, r.email))('POST', ku.base, example('ku'))
    ).json().data.id as number;
    await admin('POST', `${ku.base}/${id}/status`, { status: 'processing' });
    const sent = await admin('POST', `${ku.base}/${id}/status`, {
      status: 'awaiting_signature',
      note: 'INTERNAL-untuk-kades',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const toHead = () => fake.received.filter((m) => m.fields.target === '6281234567400');
    await until(async () => toHead().length >= 1);
    const text = toHead()[0]!.fields.message as string;
    expect(text).toContain('1 surat menunggu tanda tangan Anda');
    expect(text).toContain('http://balai.test/admin/signing');
    expect(text).not.toContain('INTERNAL');
    const rows = await ctx.app.db
      .selectFrom('notice_outbox')
      .select(['channel', 'kind'])
      .where('user_id', '=', head.id)
      .where('letter_request_id', '=', id)
      .orderBy('id')
      .execute();
    // Its e-mail too (always, to a signer with an address), and the WhatsApp message.
    expect(rows).toEqual([
      { channel: 'email', kind: 'signing' },
      { channel: 'whatsapp', kind: 'signing' },
    ]);
  });
});
