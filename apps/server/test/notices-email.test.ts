import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Mailer } from '../src/services/mailer.ts';
import { createTestDb, makeUser, testConfig, type TestDb } from './helpers.ts';
import { startFakeProvider } from './fake-provider.ts';
import { outboxMails, tempOutbox } from './outbox.ts';

/**
 * E-mail through the durable outbox survives a restart, and a resident without e-mail gets a
 * password reset over WhatsApp (issue 22), against a real local server playing the gateway.
 */
let testDb: TestDb;
let fake: Awaited<ReturnType<typeof startFakeProvider>>;
let outbox: string;
const env = () => ({
  RATE_LIMIT_MAX: '0',
  OUTBOX_DIR: outbox,
  WA_GATEWAY_URL: `${fake.url}/send`,
  WA_GATEWAY_TOKEN: 'tok',
  WA_MIN_GAP_MS: '0',
  NOTICE_FIRST_PAUSE_S: '1',
});
const start = async (mailer?: Mailer) => {
  const app = await buildApp({
    config: testConfig(env()),
    db: testDb.db,
    logger: false,
    ...(mailer ? { mailer } : {}),
  });
  await app.ready();
  return app;
};

async function until(check: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 300 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  testDb = await createTestDb();
  fake = await startFakeProvider();
  outbox = tempOutbox();
});
afterAll(async () => {
  await testDb.drop();
  await fake.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe('e-mail through the outbox', () => {
  it('a mail the SMTP server refused waits in the database and goes out after a restart', async () => {
    const user = await makeUser(testDb.db);
    // The first process: its SMTP server is away (a temporary error, retried).
    let tries = 0;
    const down: Mailer = {
      send: () => {
        tries += 1;
        return Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        );
      },
      close: () => {},
    };
    const first = await start(down);
    const asked = await first.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    const row = () =>
      testDb.db.kysely
        .selectFrom('notice_outbox')
        .selectAll()
        .where('kind', '=', 'reset')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
    await until(async () => !!(await row())?.last_error);
    expect(await row()).toMatchObject({ channel: 'email', state: 'queued', tries: 1 });
    expect(tries).toBe(1);
    await first.close();

    // The second process, on the same database, with a working mail transport.
    const second = await start();
    try {
      await until(async () => (await row())?.state === 'sent');
      expect(await row()).toMatchObject({ state: 'sent', tries: 2, last_error: null });
      const [mail] = await outboxMails(outbox, 1);
      expect(mail).toContain(`To: ${user.email}`);
      expect(mail).toContain('/auth/reset-password?token=');
    } finally {
      await second.close();
    }
  });
});

describe('password reset over WhatsApp', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await start();
  });
  afterAll(async () => {
    await app.close();
  });
  const ask = (identifier: string) =>
    app.inject({
      method: 'POST',
      url: '/api/forgot-password/whatsapp',
      payload: { identifier },
    });

  it('a phone-only account asks by NIK and gets a working link on WhatsApp; the answer never tells', async () => {
    const user = await makeUser(testDb.db, { phone: '6281234567300' });
    await testDb.db.kysely
      .updateTable('users')
      .set({ email: `warga-${user.id}@tanpa-email.invalid` })
      .where('id', '=', user.id)
      .execute();
    fake.received.length = 0;
    const known = await ask(user.nik!);
    const unknown = await ask('3201999999999999');
    const nonsense = await ask('bukan-apa-apa');
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(nonsense.json()).toEqual(known.json());

    await until(() => fake.received.length >= 1);
    await new Promise((r) => setTimeout(r, 800)); // the other two jobs (jittered) send nothing
    expect(fake.received).toHaveLength(1);
    const msg = fake.received[0]!.fields;
    expect(msg.target).toBe('6281234567300');
    expect(msg.message).toContain('atur ulang kata sandi');
    expect(msg.message).not.toContain(user.nik!);
    const token = /token=([A-Za-z0-9_-]+)/.exec(msg.message as string)![1]!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token,
        password: 'Kebun-Kopi-Lereng-77',
        password_confirmation: 'Kebun-Kopi-Lereng-77',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('an account with e-mail and a confirmed WhatsApp asks by its number', async () => {
    const user = await makeUser(testDb.db);
    const now = new Date().toISOString();
    await testDb.db.kysely
      .insertInto('notice_channels')
      .values({
        user_id: user.id,
        channel: 'whatsapp',
        address: '6281234567301',
        confirmed_at: now,
        code_tries: 0,
        stop_told: 1,
        updated_at: now,
      })
      .execute();
    fake.received.length = 0;
    expect((await ask('0812-3456-7301')).statusCode).toBe(200);
    await until(() => fake.received.length >= 1);
    expect(fake.received[0]!.fields.target).toBe('6281234567301');
    const audit = await testDb.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'password.reset_requested')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(audit.detail).toContain('whatsapp');
  });
});
