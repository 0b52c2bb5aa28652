import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { NO_SUBMISSION_CAPS, client, example, makeResident } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Issue 25.1: the QR code of an issued letter points at PUBLIC_URL. A loopback address is shown
 * in the settings with a warning, and a letter is issued with it only once the administrator
 * confirmed it (`allow_loopback_qr`, set by the demo seed); otherwise a 409 that says what to do.
 */
describe.each([
  ['http://localhost:3000', true],
  ['http://127.0.0.1:8080', true],
  ['https://sukamaju.desa.id', false],
] as const)('issuing with PUBLIC_URL %s', (publicUrl, loopback) => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: publicUrl, ...NO_SUBMISSION_CAPS } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const resident = await makeResident(ctx.testDb.db, { name: 'Siti Rahmawati' });
    asResident = client(ctx.app, await login(ctx.app, resident.email));
  });
  afterAll(async () => ctx.close());

  async function processingRequest(): Promise<number> {
    const res = await asResident('POST', ku.base, example('ku'));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    expect((await asAdmin('PUT', `${ku.base}/${id}`, { status: 'processing' })).statusCode).toBe(
      200,
    );
    return id;
  }

  const settingsOf = async () => {
    const res = await asAdmin('GET', '/api/settings/admin');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('the settings show where QR codes point and whether a phone can open it', async () => {
    const s = await settingsOf();
    expect(s.qr_address).toEqual({ url: `${publicUrl}/verify/…`, loopback });
    expect(s.allow_loopback_qr).toBe(false);
  });

  it(
    loopback
      ? 'refuses to issue with a 409 that says what to do, and changes nothing'
      : 'issues without any confirmation',
    async () => {
      const id = await processingRequest();
      const res = await asAdmin('PUT', `${ku.base}/${id}`, { status: 'completed' });
      if (!loopback) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.verify_url).toMatch(new RegExp(`^${publicUrl}/verify/`));
        return;
      }
      expect(res.statusCode, res.body).toBe(409);
      const message = res.json().message as string;
      expect(message).toMatch(/^Surat belum dapat diterbitkan/);
      expect(message).toContain(publicUrl);
      expect(message).toContain('PUBLIC_URL');
      expect(message).toContain('Izinkan QR alamat lokal');
      const after = await asAdmin('GET', `${ku.base}/${id}`);
      expect(after.json().data).toMatchObject({ status: 'processing', number: null, pdf: null });
      const issued = await ctx.testDb.db.kysely
        .selectFrom('letter_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('number', 'is not', null)
        .executeTakeFirst();
      expect(Number(issued?.n)).toBe(0);
    },
  );

  it('issues once the administrator confirmed a local QR address (a demo); the setting stays when left out', async () => {
    const current = await settingsOf();
    const body = {
      village_name: current.village_name,
      kecamatan: current.kecamatan,
      kabupaten: current.kabupaten,
      provinsi: current.provinsi,
      letter_number_format: current.letter_number_format,
      village_code: '3201012001',
    };
    const on = await asAdmin('PUT', '/api/settings', { ...body, allow_loopback_qr: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.allow_loopback_qr).toBe(true);
    // A later save without the field (an older form) keeps the confirmation.
    const again = await asAdmin('PUT', '/api/settings', body);
    expect(again.json().data.allow_loopback_qr).toBe(true);
    const bad = await asAdmin('PUT', '/api/settings', { ...body, allow_loopback_qr: 'ya' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toContain('Izinkan QR alamat lokal');

    const id = await processingRequest();
    const res = await asAdmin('PUT', `${ku.base}/${id}`, { status: 'completed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.number).toBeTruthy();

    // The settings page's switch: its own endpoint, administrators only.
    const off = await asAdmin('PUT', '/api/settings/qr-address', { allow_loopback_qr: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ allow_loopback_qr: false, village_code: '3201012001' });
    expect(
      (await asResident('PUT', '/api/settings/qr-address', { allow_loopback_qr: true })).statusCode,
    ).toBe(403);
    const wrong = await asAdmin('PUT', '/api/settings/qr-address', { allow_loopback_qr: 1 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Izinkan QR alamat lokal harus ya atau tidak.');
    expect((await settingsOf()).allow_loopback_qr).toBe(false);
    const next = await processingRequest();
    const refused = await asAdmin('PUT', `${ku.base}/${next}`, { status: 'completed' });
    expect(refused.statusCode, refused.body).toBe(loopback ? 409 : 200);
  });
});

/** The server's own printout at start (`npm start` runs apps/server/src/main.ts). */
function startServer(env: Record<string, string | undefined>): Promise<string> {
  const all: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1' };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete all[k];
    else all[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: all,
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no start within 90 s:\n${out}`));
    }, 90_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      // The warning follows the "running" line; give it the same tick to arrive.
      if (out.includes('Balai berjalan di')) setTimeout(() => child.kill('SIGTERM'), 200);
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}

// A process of its own on a SQLite file of its own, whichever database the suite runs on.
describe('the start printout (issue 25.1)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-qr-'));
  const env = {
    DATABASE_URL: `file:${path.join(dir, 'balai.sqlite')}`,
    OUTBOX_DIR: path.join(dir, 'outbox'),
    SEED_DEMO: '0',
    BALAI_ADMIN_EMAIL: 'admin@qr.desa.id',
    BALAI_ADMIN_PASSWORD: 'Kantor-Desa-Qr-2026',
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('warns when PUBLIC_URL is unset (localhost) and says to set it', async () => {
    const out = await startServer({ ...env, PUBLIC_URL: undefined, PORT: '3197' });
    expect(out).toContain('Balai berjalan di http://localhost:3197');
    expect(out).toMatch(/PERINGATAN: Kode QR pada surat menunjuk ke http:\/\/localhost/);
    expect(out).toContain('Atur PUBLIC_URL');
  }, 120_000);

  it('says nothing of the kind with a public address', async () => {
    const out = await startServer({ ...env, PUBLIC_URL: 'https://sukamaju.desa.id', PORT: '0' });
    expect(out).toContain('Balai berjalan di https://sukamaju.desa.id');
    expect(out).not.toContain('PERINGATAN');
  }, 120_000);
});
