import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { signIn } from './admin.ts';
import { ADMIN } from './fixtures.ts';
import { householdMember, opensidFile, type Household, type PersonRow } from './register-file.ts';
import { startOwnServer } from './own-server.ts';
import { startFakeWaGateway, WA_TOKEN } from '../fake-wa-gateway.mjs';

/**
 * Issue 21.2 at 375 px: an administrator prints the activation slips of an RT (the PDF read
 * with pdftotext), a resident activates with the code from it, then signs in by NIK.
 */
const KK = '3201010101229001';
const PASSWORD = 'padi-menguning-subur-63';

const HOME: Household = {
  no_kk: KK,
  alamat: 'Jl. Anggrek No. 3',
  dusun: 'Cikaret',
  rw: '005',
  rt: '008',
  tempatlahir: 'Bogor',
};
const row = (
  name: string,
  level: number,
  sex: 1 | 2,
  birth: string,
  serial: number,
  extra: PersonRow = {},
) => householdMember(HOME, name, level, sex, birth, serial, extra);
const HEAD = row('Dedi Kurniawan Slip', 1, 1, '1975-06-10', 9201);
const WIFE = row('Sri Wahyuni Slip', 3, 2, '1980-02-14', 9202);
const CHILD = row('Nanda Slip', 4, 1, '2016-08-01', 9203);

/** The WhatsApp gateway this server sends through (e2e/fake-wa-gateway.mjs). */
let gateway = '';
let own: Awaited<ReturnType<typeof startOwnServer>> | undefined;
const PORT = Number(process.env.E2E_PORT ?? 3100) + 29;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  gateway = await startFakeWaGateway();
  own = await startOwnServer('codes', 29, {
    WA_GATEWAY_URL: `${gateway}/send`,
    WA_GATEWAY_TOKEN: WA_TOKEN,
  });
});
test.afterAll(() => own?.stop());

test.use({ baseURL: `http://127.0.0.1:${PORT}`, viewport: { width: 375, height: 812 } });

/** A resident's own phone: a browser context of its own at 375 px, on this spec's server. */
const onAPhone = (browser: Browser) =>
  browser.newContext({
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 375, height: 812 },
  });

/** The family of RT 008 in the register (imported once; each test may run alone). */
async function importFamily(request: APIRequestContext) {
  const office = await apiSession(request, ADMIN);
  const found = await request.get(
    `/api/register/persons?search=${encodeURIComponent(HEAD.nama!)}`,
    {
      headers: office,
    },
  );
  if ((await found.json()).data.length > 0) return office;
  const imported = await request.post('/api/register/import?dry_run=0', {
    headers: office,
    multipart: {
      file: {
        name: 'rt-008.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await opensidFile([HEAD, WIFE, CHILD]),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  return office;
}

test('the office prints the slips of an RT; a resident activates with a code from it, then signs in', async ({
  page,
  request,
  browser,
}) => {
  const office = await importFamily(request);

  // The office: the areas list, RT 008's slips.
  await signIn(page, ADMIN, /\/admin$/);
  await page.goto('/admin/register/areas');
  page.on('dialog', (d) => void d.accept());
  const button = page.getByRole('button', { name: /^Slip kode aktivasi RT 008/ });
  await expect(button).toBeVisible();
  await expectAccessible(page, 'areas with slip buttons at 375 px');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  await expect(page.getByText(/diunduh\. Cetak sekarang/)).toBeVisible();
  await photograph(page, 'activation-codes-areas-375');
  const file = path.join(own!.dataDir, 'slips.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('SLIP KODE AKTIVASI AKUN WARGA');
  expect(text).toContain(HEAD.nama);
  expect(text).toContain(WIFE.nama);
  // The child (under 17, unmarried) gets none.
  expect(text).not.toContain(CHILD.nama);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    file,
    path.join(own!.dataDir, 'slips'),
  ]);
  // The head's slip comes first (RT, family, head of family first).
  const codes = [...text.matchAll(/\b([2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5})\b/g)].map(
    (m) => m[1]!,
  );
  expect(codes).toHaveLength(2);

  // The person's page lists the code's state, never the code.
  const persons = await request.get(
    `/api/register/persons?search=${encodeURIComponent(HEAD.nama!)}`,
    { headers: office },
  );
  const headId = (await persons.json()).data[0].id as number;
  await page.goto(`/admin/register/persons/${headId}`);
  const panel = page.getByRole('region', { name: 'Kode aktivasi akun' });
  await expect(panel).toContainText('Berlaku');
  await expect(panel).not.toContainText(codes[0]!);
  await expectAccessible(page, 'person with activation codes at 375 px');
  await photograph(page, 'activation-codes-person-375');

  // The resident, on their own phone.
  const phone = await onAPhone(browser);
  const resident = await phone.newPage();
  await resident.goto('/auth/activate');
  await resident.getByRole('button', { name: 'Aktifkan dengan kode' }).click();
  await expect(
    resident.getByRole('heading', { level: 1, name: 'Aktifkan dengan kode' }),
  ).toBeVisible();
  await resident.getByLabel('Kode aktivasi').fill(codes[0]!.toLowerCase());
  await resident.getByLabel(/^Nomor HP/).fill('0812 7777 1201');
  await resident.getByLabel('Kata sandi baru').fill(PASSWORD);
  await resident.getByLabel('Ulangi kata sandi').fill(PASSWORD);
  await expectAccessible(resident, 'activation with a code at 375 px');
  await photograph(resident, 'activation-codes-activate-375');
  await resident.getByRole('button', { name: 'Aktifkan akun' }).click();
  await expect(resident).not.toHaveURL(/\/auth\//);
  await phone.close();

  // Signs in later by NIK and the new password; the account is verified.
  const later = await onAPhone(browser);
  const again = await later.newPage();
  await signIn(again, { email: String(HEAD.nik), password: PASSWORD }, /^(?!.*\/auth\/).*$/);
  const me = await request.post('/api/login', { data: { email: HEAD.nik, password: PASSWORD } });
  expect(me.status()).toBe(200);
  const user = (await me.json()).data.user;
  expect(user.identity_verified_at).not.toBeNull();
  expect(user.name).toBe(HEAD.nama);
  await later.close();
});

test('the office sends a code over WhatsApp; the resident activates with the code from the message', async ({
  page,
  request,
  browser,
}) => {
  const office = await importFamily(request);
  const persons = await request.get(
    `/api/register/persons?search=${encodeURIComponent(WIFE.nama!)}`,
    { headers: office },
  );
  const wifeId = (await persons.json()).data[0].id as number;

  // The office, at a desk (1280 px): the person's page, the code sent to her number.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN, /\/admin$/);
  await page.goto(`/admin/register/persons/${wifeId}`);
  const panel = page.getByRole('region', { name: 'Kode aktivasi akun' });
  page.on('dialog', (d) => void d.accept());
  // A number that is not one is refused with the field's message, nothing sent.
  await panel.getByLabel('Nomor WhatsApp warga').fill('12');
  await panel.getByRole('button', { name: 'Kirim lewat WhatsApp' }).click();
  await expect(panel.getByRole('alert')).toContainText(/nomor/i);
  await panel.getByLabel('Nomor WhatsApp warga').fill('0813 5555 1302');
  await panel.getByRole('button', { name: 'Kirim lewat WhatsApp' }).click();
  await expect(panel.getByText(/^Kode dikirim lewat WhatsApp ke 62\d+\*+1302\.$/)).toBeVisible();
  await expect(panel).toContainText('Berlaku');
  await expectAccessible(page, 'person after a code went over WhatsApp at 1280 px');
  await photograph(page, 'activation-codes-person-whatsapp-1280');
  // Loaded again: the admin layout picks its sidebar or drawer on load.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(panel).toContainText('Berlaku');
  await photograph(page, 'activation-codes-person-whatsapp-375');

  // The message reaches the gateway with the code; the page never showed it.
  let code = '';
  await expect
    .poll(
      async () => {
        const all = (await (await request.get(`${gateway}/messages`)).json()).data as {
          target: string;
          message: string;
        }[];
        const mine = all.filter((m) => m.target === '6281355551302');
        code =
          /\b([2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5})\b/.exec(mine.at(-1)?.message ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  await expect(panel).not.toContainText(code);

  // The resident, on her phone, with the code from the message.
  const phone = await onAPhone(browser);
  const resident = await phone.newPage();
  await resident.goto('/auth/activate');
  await resident.getByRole('button', { name: 'Aktifkan dengan kode' }).click();
  await resident.getByLabel('Kode aktivasi').fill(code);
  await resident.getByLabel(/^Nomor HP/).fill('0813 5555 1302');
  await resident.getByLabel('Kata sandi baru').fill(PASSWORD);
  await resident.getByLabel('Ulangi kata sandi').fill(PASSWORD);
  await resident.getByRole('button', { name: 'Aktifkan akun' }).click();
  await expect(resident).not.toHaveURL(/\/auth\//);
  await phone.close();
  const me = await request.post('/api/login', { data: { email: WIFE.nik, password: PASSWORD } });
  expect(me.status()).toBe(200);
  expect((await me.json()).data.user.name).toBe(WIFE.nama);
});
