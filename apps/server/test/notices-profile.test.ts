import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client } from './letter-helpers.ts';
import { startFakeProvider } from './fake-provider.ts';

/**
 * The person's own channels through the API (issue 22): the WhatsApp number confirmed by its
 * code (right, wrong, expired, 5 tries, throttled), the Telegram deep link and webhook, and
 * switching channels on and off; messages go to a real local server playing the providers.
 */
let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeProvider>>;
const SECRET = 'rahasia-webhook-telegram-uji';

async function received(n: number) {
  for (let i = 0; i < 300 && fake.received.length < n; i++)
    await new Promise((r) => setTimeout(r, 20));
  return fake.received;
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

beforeAll(async () => {
  fake = await startFakeProvider();
  ctx = await createTestApp({
    env: {
      RATE_LIMIT_MAX: '0',
      WA_GATEWAY_URL: `${fake.url}/send`,
      WA_GATEWAY_TOKEN: 'tok',
      WA_MIN_GAP_MS: '0',
      TELEGRAM_API_URL: fake.url,
      TELEGRAM_BOT_TOKEN: '123:abc',
      TELEGRAM_BOT_NAME: 'balai_uji_bot',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => {
  fake.received.length = 0;
});

async function resident() {
  const user = await makeUser(ctx.testDb.db);
  return { user, as: client(ctx.app, await login(ctx.app, user.email)) };
}

describe('WhatsApp in the profile', () => {
  it('code to the normalised number; a wrong code counts down, the right one confirms and switches on', async () => {
    const { as } = await resident();
    const before = (await as('GET', '/api/profile/notice-channels')).json().data;
    expect(before.in_app).toBe(true);
    expect(before.channels.map((c: { channel: string }) => c.channel)).toEqual([
      'whatsapp',
      'telegram',
      'email',
    ]);
    expect(before.channels[0]).toMatchObject({ available: true, enabled: false, confirmed: false });

    const bad = await as('POST', '/api/profile/notice-channels/whatsapp/code', {
      phone: '0212345',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone[0]).toContain('Nomor WhatsApp tidak valid');
    // Switching on before the number is confirmed is refused.
    const early = await as('PUT', '/api/profile/notice-channels', { whatsapp: true });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.whatsapp[0]).toContain('Konfirmasi nomor WhatsApp');

    const sent = await as('POST', '/api/profile/notice-channels/whatsapp/code', {
      phone: '+62 812-3456-7001',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.phone).toBe('6281234567001');
    expect(sent.json().message).toContain('62812****7001');
    const [msg] = await received(1);
    expect(msg!.fields.target).toBe('6281234567001');
    const code = codeIn(msg!.fields.message as string);
    // Asked again at once: refused, one code a minute.
    const again = await as('POST', '/api/profile/notice-channels/whatsapp/code', {
      phone: '081234567001',
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toContain('Tunggu 1 menit');

    const wrong = await as('POST', '/api/profile/notice-channels/whatsapp/confirm', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toBe('Kode salah. Sisa 4 kali percobaan.');
    const malformed = await as('POST', '/api/profile/notice-channels/whatsapp/confirm', {
      code: '12ab',
    });
    expect(malformed.statusCode).toBe(422);

    const right = await as('POST', '/api/profile/notice-channels/whatsapp/confirm', { code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.channels[0]).toMatchObject({
      channel: 'whatsapp',
      enabled: true,
      confirmed: true,
      address: '6281234567001',
      code_expires_at: null,
    });
    const off = await as('PUT', '/api/profile/notice-channels', { whatsapp: false });
    expect(off.json().data.channels[0]).toMatchObject({ enabled: false, confirmed: true });
    const on = await as('PUT', '/api/profile/notice-channels', { whatsapp: true });
    expect(on.json().data.channels[0]).toMatchObject({ enabled: true, confirmed: true });
  });

  it('five wrong codes end the code, and an expired code is refused', async () => {
    const { user, as } = await resident();
    await as('POST', '/api/profile/notice-channels/whatsapp/code', { phone: '081234567002' });
    const code = codeIn((await received(1))[0]!.fields.message as string);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++)
      await as('POST', '/api/profile/notice-channels/whatsapp/confirm', { code: wrong });
    const late = await as('POST', '/api/profile/notice-channels/whatsapp/confirm', { code });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Kode sudah tidak berlaku. Minta kode baru.');

    // A fresh code (the minute between codes passed), then its 15 minutes run out.
    await ctx.app.db
      .updateTable('notice_outbox')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    fake.received.length = 0;
    await as('POST', '/api/profile/notice-channels/whatsapp/code', { phone: '081234567002' });
    const fresh = codeIn((await received(1))[0]!.fields.message as string);
    await ctx.app.db
      .updateTable('notice_channels')
      .set({ code_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await as('POST', '/api/profile/notice-channels/whatsapp/confirm', {
      code: fresh,
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('Kode sudah tidak berlaku. Minta kode baru.');
    const row = await ctx.app.db
      .selectFrom('notice_channels')
      .select(['confirmed_at', 'code_hash'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    expect(row.code_hash).not.toContain(fresh); // kept hashed
  });
});

describe('Telegram', () => {
  const webhook = (text: string, chat: number, secret: string | null = SECRET) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/notices/telegram/webhook',
      headers: secret ? { 'x-telegram-bot-api-secret-token': secret } : {},
      payload: { update_id: 1, message: { chat: { id: chat }, text } },
    });

  it('a one-time link links the chat that opens it; /stop switches it off', async () => {
    const { as } = await resident();
    const refused = await as('PUT', '/api/profile/notice-channels', { telegram: true });
    expect(refused.statusCode).toBe(422);

    const link = (await as('POST', '/api/profile/notice-channels/telegram/link')).json().data;
    expect(link.url).toMatch(/^https:\/\/t\.me\/balai_uji_bot\?start=[A-Za-z0-9_-]{20,64}$/);
    const code = new URL(link.url).searchParams.get('start')!;

    expect((await webhook(`/start ${code}`, 555001, null)).statusCode).toBe(404);
    expect((await webhook(`/start ${code}`, 555001, 'salah-salah-salah-salah')).statusCode).toBe(
      404,
    );
    const ok = await webhook(`/start ${code}`, 555001);
    expect(ok.statusCode, ok.body).toBe(200);
    const [reply] = await received(1);
    expect(reply!.path).toBe('/bot123:abc/sendMessage');
    expect(reply!.fields).toMatchObject({ chat_id: '555001' });
    expect(reply!.fields.text).toContain('Telegram terhubung');
    const channels = (await as('GET', '/api/profile/notice-channels')).json().data;
    expect(channels.channels[1]).toMatchObject({
      channel: 'telegram',
      enabled: true,
      confirmed: true,
    });
    expect(channels.telegram_bot).toBe('balai_uji_bot');

    // The link is used up: opened again (or by someone else), it links nothing.
    fake.received.length = 0;
    await webhook(`/start ${code}`, 555002);
    expect((await received(1))[0]!.fields).toMatchObject({ chat_id: '555002' });
    expect(fake.received[0]!.fields.text).toContain('Tautan sudah tidak berlaku');

    fake.received.length = 0;
    await webhook('/stop', 555001);
    expect((await received(1))[0]!.fields.text).toContain('dihentikan');
    const after = (await as('GET', '/api/profile/notice-channels')).json().data;
    expect(after.channels[1]).toMatchObject({ enabled: false, confirmed: true });
  });
});
