import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { letterTypeByCode, requestReference, todayIso } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { signIn, testImage } from './admin.ts';
import { SCREENSHOTS, apiSession, expectAccessible, photograph } from './checks.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';

// Issue 15: the Kepala Desa approves each letter from a phone; while away, the Sekretaris Desa
// signs "a.n. Kepala Desa". The demo village has both accounts (apps/server/src/seed/seed.ts),
// with the demo residents' password.
const HEAD = { email: 'kades@sukamaju.desa.id', password: 'warga-e2e-rahasia' };
const SECRETARY = { email: 'sekdes@sukamaju.desa.id', password: 'warga-e2e-rahasia' };
const PHONE = { width: 375, height: 800 };

const ku = letterTypeByCode('ku')!;

/** A resident's business letter, filed through the API (the form has its own tests). */
async function file(request: APIRequestContext, resident: Record<string, string>) {
  const filed = await request.post(ku.base, { headers: resident, data: LETTER_EXAMPLES.ku });
  expect(filed.status(), await filed.text()).toBe(201);
  return ((await filed.json()).data as { id: number }).id;
}

/** The clerk's steps through the API: Proses, then (optionally) Ajukan Tanda Tangan. */
async function move(
  request: APIRequestContext,
  office: Record<string, string>,
  id: number,
  status: string,
  note?: string,
) {
  const res = await request.post(`${ku.base}/${id}/status`, {
    headers: office,
    data: { status, note: note ?? null },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** pdftotext of a letter the resident downloads through the API, spaces collapsed. */
async function letterText(
  request: APIRequestContext,
  resident: Record<string, string>,
  id: number,
) {
  const pdf = await request.get(`${ku.base}/${id}/pdf`, { headers: resident });
  expect(pdf.status()).toBe(200);
  const text = execFileSync('pdftotext', ['-', '-'], { input: await pdf.body() });
  return text.toString('utf8').replace(/\s+/g, ' ');
}

/** The letter's first page as a PNG artifact (pdftoppm), to look at. */
function renderLetter(pdf: string | Buffer, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const out = path.join(SCREENSHOTS, name);
  if (typeof pdf === 'string') {
    execFileSync('pdftoppm', ['-png', '-r', '100', '-singlefile', pdf, out]);
  } else {
    execFileSync('pdftoppm', ['-png', '-r', '100', '-singlefile', '-', out], { input: pdf });
  }
}

/** Both widths of a page as artifacts; the page never scrolls sideways. */
async function photographBoth(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400); // the sidebar's 0.3 s slide
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await photograph(page, `${name}-${width}`);
  }
}

/** On the phone: opens the letter's preview (a new tab with the PDF) and closes it again. */
async function openPreview(page: Page) {
  const opened = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Buka pratinjau surat' }).click();
  await (await opened).close();
  await expect(page.getByText('Pratinjau sudah Anda buka.')).toBeVisible();
}

test('the Kepala Desa approves and returns letters from a phone; the Sekretaris Desa signs a.n. during a delegation', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const resident = await apiSession(request, RESIDENT);
  const office = await apiSession(request, ADMIN);
  const settings = (await (await request.get('/api/settings/signing', { headers: office })).json())
    .data as { head: { name: string } | null; secretary: { name: string } | null };
  expect(settings.head, 'the demo village names its Kepala Desa').not.toBeNull();
  expect(settings.secretary, 'and its Sekretaris Desa').not.toBeNull();
  const headName = settings.head!.name;
  const secretaryName = settings.secretary!.name;

  const first = await file(request, resident);
  const second = await file(request, resident);
  const [ref1, ref2] = [requestReference('ku', first), requestReference('ku', second)];

  // 1. The clerk, on a phone, takes the first letter to the Kepala Desa.
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN, /\/admin$/);
  await page.goto(`/admin/service-ku/${first}`);
  const actions = page.getByRole('group', { name: 'Tindakan' });
  await actions.getByRole('button', { name: 'Proses' }).click();
  await expect(page.getByText('Permohonan sedang diproses.')).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Terbitkan Surat' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Ajukan Tanda Tangan' }).click();
  const draft = page.getByRole('region', { name: 'Periksa surat sebelum diterbitkan' });
  await expect(draft).toContainText('Nomor surat diberikan saat Kepala Desa menyetujuinya.');
  await draft.getByRole('button', { name: 'Ajukan Tanda Tangan sekarang' }).click();
  await expect(page.getByText('Surat diajukan untuk ditandatangani Kepala Desa.')).toBeVisible();
  await expect(page.getByText('Menunggu Tanda Tangan').first()).toBeVisible();
  await expectAccessible(page, 'desk after sending for signature');
  // The second one through the API, with a note for the signer.
  await move(request, office, second, 'processing');
  await move(request, office, second, 'awaiting_signature', 'Mohon diperiksa alamat usahanya.');

  // The resident sees what the new status means.
  const residentPhone = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(residentPhone, RESIDENT, /\/$/);
  await residentPhone.goto(`/service/ku/${first}`);
  await expect(
    residentPhone.getByText('sedang menunggu tanda tangan Kepala Desa', { exact: false }),
  ).toBeVisible();

  // 2. The Kepala Desa signs in on a phone: the first thing is what waits for them.
  const head = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(head, HEAD, /\/admin$/);
  const waiting = head.getByRole('heading', { name: /^Menunggu tanda tangan Anda: \d+ surat$/ });
  await expect(waiting).toBeVisible();
  await expectAccessible(head, 'dashboard with the signing panel');
  await photograph(head, 'signing-dashboard-375');
  // The notification's link resolves to the letter's page.
  const headSession = await apiSession(request, HEAD);
  const notices = (await (await request.get('/api/notifications', { headers: headSession })).json())
    .data as { link: string | null }[];
  expect(notices.map((n) => n.link)).toContain(`/admin/signing/${first}`);

  await head.getByRole('link', { name: 'Periksa dan tanda tangani' }).click();
  await expect(head).toHaveURL(/\/admin\/signing$/);
  await expect(
    head.getByRole('heading', { level: 1, name: 'Menunggu tanda tangan Anda' }),
  ).toBeVisible();
  await expect(head.getByRole('link', { name: ref1, exact: true })).toBeVisible();
  await expect(head.getByText('Mohon diperiksa alamat usahanya.')).toBeVisible();
  await expectAccessible(head, 'signing queue');
  await photographBoth(head, 'signing-queue');
  await head.setViewportSize(PHONE);

  // The first letter: the preview, then Setujui dan Terbitkan with the password.
  await head.goto(`/admin/signing/${first}`);
  await expect(head.getByRole('heading', { level: 1 })).toContainText(ref1);
  await expect(head.getByText(RESIDENT.name).first()).toBeVisible();
  await expectAccessible(head, 'letter awaiting signature');
  await photographBoth(head, 'signing-letter');
  await head.setViewportSize(PHONE);
  await openPreview(head);
  await head.getByRole('button', { name: 'Setujui dan Terbitkan' }).click();
  const dialog = head.getByRole('dialog');
  await expect(dialog.getByLabel('Kata sandi Anda')).toBeFocused();
  await dialog.getByLabel('Kata sandi Anda').fill('bukan-sandinya');
  await dialog.getByRole('button', { name: 'Setujui dan Terbitkan' }).click();
  await expect(dialog.getByText('Kata sandi salah.')).toBeVisible();
  await expectAccessible(head, 'approve dialog with a wrong password');
  await photograph(head, 'signing-approve-dialog-375');
  await dialog.getByLabel('Kata sandi Anda').fill(HEAD.password);
  await dialog.getByRole('button', { name: 'Setujui dan Terbitkan' }).click();
  await expect(head.getByRole('heading', { level: 1, name: 'Surat disetujui' })).toBeVisible();
  await expect(head.getByText('Nomor surat:')).toBeVisible();
  await expectAccessible(head, 'letter approved');
  await photograph(head, 'signing-approved-375');

  // The resident downloads the letter on the phone: it names the signer.
  await residentPhone.goto(`/service/ku/${first}`);
  await expect(residentPhone.getByRole('heading', { name: 'Surat sudah terbit' })).toBeVisible();
  const downloading = residentPhone.waitForEvent('download');
  await residentPhone.getByRole('button', { name: 'Unduh surat (PDF)' }).click();
  const file1 = await (await downloading).path();
  const text1 = execFileSync('pdftotext', [file1, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  // The signature block and the e-signature line under the QR code name the Kepala Desa.
  expect(text1).toContain(headName);
  expect(text1).toContain('Ditandatangani secara elektronik');
  expect(text1).not.toContain('a.n. Kepala Desa');
  renderLetter(file1, 'signing-letter-approved-pdf');
  const verified = (await (await request.get(`${ku.base}/${first}`, { headers: resident })).json())
    .data as { verify_url: string };
  const verifyPage = await (await browser.newContext({ viewport: PHONE })).newPage();
  await verifyPage.goto(new URL(verified.verify_url).pathname);
  await expect(verifyPage.getByText(headName).first()).toBeVisible();
  await expectAccessible(verifyPage, 'verify page with the signer');
  await photograph(verifyPage, 'signing-verify-375');
  await verifyPage.close();

  // 3. The second letter goes back to the clerk with a note (required).
  await head.goto(`/admin/signing/${second}`);
  await head.getByRole('button', { name: 'Kembalikan' }).click();
  const back = head.getByRole('dialog');
  await back.getByRole('button', { name: 'Kembalikan' }).click();
  await expect(back).toContainText('wajib diisi');
  await expectAccessible(head, 'return dialog');
  await back.getByLabel('Catatan untuk petugas').fill('Alamat usaha berbeda dengan KK.');
  await back.getByRole('button', { name: 'Kembalikan' }).click();
  await expect(
    head.getByText(`${ref2} dikembalikan ke petugas dengan catatan Anda.`),
  ).toBeVisible();

  // The clerk sees it back in Diproses with the note.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/service-ku/${second}`);
  await expect(page.getByText('Diproses').first()).toBeVisible();
  await expect(page.getByText('Alamat usaha berbeda dengan KK.').first()).toBeVisible();

  // 4. The Kepala Desa sets their away dates (today to in two days) in the settings, confirmed
  // with their password: only they may (issue 18, ADR 0020).
  await head.setViewportSize({ width: 1280, height: 900 });
  await head.goto('/admin/settings');
  await head.getByRole('main').getByRole('link', { name: 'Pengaturan Tanda Tangan' }).click();
  await expect(
    head.getByRole('heading', { level: 1, name: 'Pengaturan Tanda Tangan' }),
  ).toBeVisible();
  await expect(head.getByLabel(/^Kepala Desa/)).toHaveValue(/\d+/);
  await expect(head.getByLabel(/^Sekretaris Desa/)).toHaveValue(/\d+/);
  const today = todayIso();
  const later = todayIso(new Date(Date.now() + 2 * 86_400_000));
  await head.getByLabel(/^Tanggal mulai berhalangan/).fill(today);
  await head.getByLabel(/^Tanggal selesai berhalangan/).fill(later);
  await head.getByRole('button', { name: 'Simpan pengaturan tanda tangan' }).click();
  const confirmDates = head.getByRole('dialog', { name: 'Simpan pengaturan tanda tangan?' });
  await confirmDates.getByLabel(/^Kata sandi Anda/).fill(HEAD.password);
  await confirmDates.getByRole('button', { name: 'Simpan perubahan' }).click();
  await expect(head.getByText('Pengaturan tanda tangan disimpan.')).toBeVisible();
  await expect(head.getByText('Saat ini sedang berlaku.')).toBeVisible();
  await expectAccessible(head, 'signing settings');
  await photographBoth(head, 'signing-settings');
  await head.setViewportSize(PHONE);

  // Two more letters for signature; the Sekretaris Desa, on a phone, looks at each and
  // approves both at once, a.n. Kepala Desa.
  const third = await file(request, resident);
  const fourth = await file(request, resident);
  for (const id of [third, fourth]) {
    await move(request, office, id, 'processing');
    await move(request, office, id, 'awaiting_signature');
  }
  const secretary = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(secretary, SECRETARY, /\/admin$/);
  await expect(
    secretary.getByText('Kepala Desa sedang berhalangan', { exact: false }),
  ).toBeVisible();
  await secretary.goto('/admin/signing');
  await expect(
    secretary.getByText('Anda menandatangani a.n. Kepala Desa', { exact: false }),
  ).toBeVisible();
  const approveMany = secretary.getByRole('button', { name: 'Setujui surat terpilih' });
  await expect(approveMany).toBeDisabled();
  for (const id of [third, fourth]) {
    await secretary.goto(`/admin/signing/${id}`);
    await openPreview(secretary);
  }
  await secretary.goto('/admin/signing');
  await secretary.getByRole('button', { name: /^Pilih semua yang sudah dibuka/ }).click();
  await secretary.getByRole('button', { name: 'Setujui 2 surat' }).click();
  const many = secretary.getByRole('dialog', { name: 'Setujui 2 surat?' });
  await many.getByLabel('Kata sandi Anda').fill(SECRETARY.password);
  await many.getByRole('button', { name: 'Setujui 2 surat' }).click();
  await expect(
    secretary.getByRole('heading', { name: '2 surat disetujui dan diterbitkan.' }),
  ).toBeVisible();
  await expectAccessible(secretary, 'queue after approving two letters');
  await photograph(secretary, 'signing-queue-approved-375');
  renderLetter(
    await (await request.get(`${ku.base}/${third}/pdf`, { headers: resident })).body(),
    'signing-letter-on-behalf-pdf',
  );
  for (const id of [third, fourth]) {
    const text = await letterText(request, resident, id);
    expect(text).toContain(secretaryName);
    expect(text).toContain('a.n. Kepala Desa');
    expect(text).toContain('Ditandatangani secara elektronik');
  }

  // 5. The Kepala Desa's own settings, on the phone: a PIN (with the password) and the
  // signature image.
  await head.goto('/admin/settings/signing');
  const pinBox = head.getByRole('region', { name: 'PIN tanda tangan' });
  await pinBox.getByLabel('Kata sandi Anda').fill(HEAD.password);
  await pinBox.getByLabel('PIN', { exact: true }).fill('583920');
  await pinBox.getByRole('button', { name: 'Simpan PIN' }).click();
  await expect(head.getByText('PIN tanda tangan disimpan.')).toBeVisible();
  await expect(pinBox.getByText('PIN Anda aktif', { exact: false })).toBeVisible();
  const uploaded = head.waitForResponse(
    (r) => r.url().endsWith('/api/signing/signature') && r.request().method() === 'POST',
  );
  await head.getByLabel('Unggah gambar tanda tangan').setInputFiles({
    name: 'ttd.png',
    mimeType: 'image/png',
    buffer: await testImage(600, 240),
  });
  expect((await uploaded).status()).toBe(201);
  await expect(head.getByRole('img', { name: 'Gambar tanda tangan Anda saat ini' })).toBeVisible();
  await expectAccessible(head, 'signing settings of the Kepala Desa');
  await photographBoth(head, 'signing-settings-head');

  await Promise.all([head.close(), secretary.close(), residentPhone.close()]);
});
