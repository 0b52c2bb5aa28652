import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port; the app sends to it over the network. */
async function startSmtp() {
  const inbox: Received[] = [];
  const waiters: ((m: Received) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        inbox.push(mail);
        waiters.shift()?.(mail);
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    next: () => new Promise<Received>((resolve) => waiters.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable soft line breaks would split the link; undo them before reading it. */
function linkToken(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /http:\/\/balai\.test\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${raw}`);
  return match[1];
}

describe('forgot and reset password', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const forgot = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
  const reset = (token: string, password = 'sandi-baru-desa', confirmation = password) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password, password_confirmation: confirmation },
    });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const user = await makeUser(ctx.testDb.db);
    const session = await login(ctx.app, user.email);
    const mail = smtp.next();
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(200);
    const received = await mail;
    expect(received.to).toEqual([user.email]);
    expect(received.raw).toMatch(/Subject: Atur ulang kata sandi Balai/);
    const token = linkToken(received.raw);

    const mismatch = await reset(token, 'sandi-baru-desa', 'lain');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBeDefined();

    const ok = await reset(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toMatch(/berhasil diubah/);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(session) }))
        .statusCode,
    ).toBe(401);
    await login(ctx.app, user.email, 'sandi-baru-desa');

    const again = await reset(token, 'sandi-ketiga-desa');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token[0]).toMatch(/tidak valid atau sudah kedaluwarsa/);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const user = await makeUser(ctx.testDb.db);
    const before = smtp.inbox.length;
    const unknown = await forgot('tidak.terdaftar@uji.desa.id');
    const mail = smtp.next();
    const known = await forgot(user.email);
    await mail;
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(smtp.inbox.length).toBe(before + 1);
    expect(smtp.inbox.at(-1)!.to).toEqual([user.email]);
  });

  it('refuses a link older than 60 minutes', async () => {
    const user = await makeUser(ctx.testDb.db);
    const mail = smtp.next();
    await forgot(user.email);
    const token = linkToken((await mail).raw);
    await ctx.testDb.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const res = await reset(token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toBeDefined();
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: 'sandi-baru-desa' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses an invented token and a bad e-mail', async () => {
    expect((await reset('a'.repeat(43))).statusCode).toBe(422);
    const bad = await forgot('bukan-email');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toBeDefined();
  });
});

describe('outbox without SMTP', () => {
  it('writes the message as an .eml file when SMTP_URL is not set', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-outbox-'));
    const ctx = await createTestApp({ env: { OUTBOX_DIR: dir } });
    try {
      const user = await makeUser(ctx.testDb.db);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: user.email },
      });
      let files: string[] = [];
      for (let i = 0; i < 50 && files.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
      }
      expect(files).toHaveLength(1);
      const raw = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
      expect(raw).toContain(`To: ${user.email}`);
      expect(linkToken(raw)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await ctx.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
