import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { ADMIN, RESIDENT } from './fixtures.ts';
import { issueThroughOffice } from './office.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';

const BASE = '/api/business-certificate';

async function signIn(page: Page) {
  await page.getByLabel('E-mail').fill(RESIDENT.email);
  await page.getByLabel('Kata sandi').fill(RESIDENT.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

test('a resident requests a Surat Keterangan Usaha, the office issues it, the resident downloads a genuine PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });

  // Signed out, the service page leads to the login and back.
  await page.goto('/service/ku');
  await page.getByRole('link', { name: 'Masuk untuk mengajukan' }).click();
  await signIn(page);
  await expect(page).toHaveURL(/\/service\/ku$/);

  // The form, generated from the definition, with the applicant block from the profile.
  const applicant = page.getByRole('region', { name: 'Data pemohon' });
  await expect(applicant).toContainText(RESIDENT.name);
  // Below the form, the resident's own requests of this type (the demo village has some).
  const mine = page.getByRole('region', { name: 'Permohonan saya' });
  await expect(mine.getByRole('link', { name: /^KU-\d{6}$/ }).first()).toBeVisible();
  await photograph(page, 'resident-service-ku-form-375');
  await expectAccessible(page, '/service/ku (form)');

  // Validation on submit: the summary takes focus and links to the fields.
  await page.getByRole('button', { name: 'Lanjutkan' }).click();
  const summary = page.getByLabel('Ada masalah');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Nama Usaha wajib diisi.' })).toBeVisible();
  await expect(page).toHaveTitle(/^Kesalahan: /);
  await expectAccessible(page, '/service/ku (errors)');

  await page.getByLabel('Nama Usaha').fill('Warung Sembako Berkah <b>Jaya</b>');
  await page.getByLabel('Jenis Usaha').fill('Warung sembako');
  await page.getByLabel('Alamat Usaha').fill('Kp. Cibodas RT 001/RW 002');
  await page.getByLabel('Mulai Usaha').fill('2019-06-15');
  await page.getByLabel('Jumlah Karyawan (opsional)').fill('2');
  await page.getByLabel('Keperluan').fill('Pengajuan Kredit Usaha Rakyat');
  await page.getByRole('button', { name: 'Lanjutkan' }).click();

  // Check your answers, then send.
  await expect(page.getByRole('heading', { name: 'Periksa jawaban Anda' })).toBeFocused();
  await expect(page.getByText('15 Juni 2019')).toBeVisible();
  await photograph(page, 'resident-service-ku-check-375');
  await expectAccessible(page, '/service/ku (check answers)');
  await page.getByRole('button', { name: 'Kirim permohonan' }).click();

  // The confirmation: the reference, what happens next, where to follow it.
  await expect(page.getByRole('heading', { name: 'Permohonan terkirim' })).toBeFocused();
  const reference = (await page.locator('strong', { hasText: /^KU-\d{6}$/ }).textContent())!;
  const id = Number(reference.slice(3));
  await expect(page.getByRole('heading', { name: 'Apa selanjutnya' })).toBeVisible();
  await photograph(page, 'resident-service-ku-confirmation-375');
  await expectAccessible(page, '/service/ku (confirmation)');
  // The confirmation is on top of the request's own page (reloadable by its id).
  await expect(page).toHaveURL(new RegExp(`/service/ku/${id}\\?terkirim=1$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Permohonan ${reference}` }),
  ).toBeVisible();
  await expect(page.locator('strong', { hasText: 'Diajukan' })).toBeVisible();
  await photograph(page, 'resident-request-submitted-375');
  await expectAccessible(page, '/service/ku/{id} (submitted)');

  // The office processes the letter and the Kepala Desa approves it, through the API.
  await issueThroughOffice(request, BASE, id);
  const office = await apiSession(request, ADMIN);

  // The bell shows the news once the app looks again (here: the resident reopens it).
  await page.reload();
  const bell = page.getByRole('link', { name: /^Notifikasi, \d+ belum dibaca$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notification$/);
  const newest = page
    .getByRole('list', { name: 'Daftar notifikasi' })
    .getByRole('listitem')
    .first();
  await expect(newest).toContainText('Surat Keterangan Usaha Anda telah terbit dengan nomor');
  const news = newest.getByRole('link', {
    name: `Belum dibaca: Surat Keterangan Usaha ${reference} sudah terbit`,
  });
  await photograph(page, 'resident-notifications-375');
  await expectAccessible(page, '/notification');
  await news.click();
  await expect(page).toHaveURL(/\/notification\/\d+$/);
  await expectAccessible(page, '/notification/{id}');
  await page.getByRole('link', { name: 'Lihat permohonan' }).click();
  await expect(page).toHaveURL(new RegExp(`/service/ku/${id}$`));

  // The issued letter: status, timeline, download.
  await expect(page.getByRole('heading', { name: 'Surat sudah terbit' })).toBeVisible();
  const number = (await page.locator('dt:has-text("Nomor surat") + dd').textContent())!.trim();
  expect(number).toMatch(/^500\/\d{3}\/.+\/[IVX]+\/\d{4}$/);
  await expect(page.getByRole('region', { name: 'Riwayat status' })).toContainText('Selesai');
  await photograph(page, 'resident-request-completed-375');
  await expectAccessible(page, '/service/ku/{id} (completed)');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh surat (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^surat-keterangan-usaha-.*\.pdf$/);
  const file = await download.path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('SURAT KETERANGAN USAHA');
  expect(text).toContain(number);
  expect(text).toContain(RESIDENT.name);
  // The business is named in the statement paragraph, which may wrap anywhere.
  const flat = text.replace(/\s+/g, ' ');
  expect(flat).toContain('Warung Sembako Berkah <b>Jaya</b>');
  expect(flat).toContain('15 Juni 2019');
  // The verification address printed beside the QR code (it may wrap over two lines).
  const issued = await request.get(`${BASE}/${id}`, { headers: office });
  const verifyUrl = (await issued.json()).data.verify_url as string;
  expect(verifyUrl).toMatch(/\/verify\/[A-Za-z0-9_-]{32}$/);
  expect(text.replace(/\s+/g, '')).toContain(verifyUrl);

  // The QR's address opens the verify page, which says the letter is genuine.
  await page.goto(new URL(verifyUrl).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Surat ini asli' })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  await photograph(page, 'resident-verify-genuine-375');
  await expectAccessible(page, '/verify/{token} (genuine)');

  // The letter history lists it, and its archive entry downloads the same letter.
  await page.goto('/profile/letter-history');
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Surat' })).toBeVisible();
  await page.getByRole('link', { name: `Surat terbit ${number}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Surat Keterangan Usaha' }),
  ).toBeVisible();
  await expect(page.locator('dt:has-text("Nomor surat") + dd')).toHaveText(number);
  await photograph(page, 'resident-letter-history-detail-375');
  await expectAccessible(page, '/profile/letter-history/{id}');
  await page.goto('/profile/letter-history');
  await expect(page.getByRole('link', { name: `Surat terbit ${number}` })).toBeVisible();
  await photograph(page, 'resident-letter-history-375');
  await expectAccessible(page, '/profile/letter-history');
});

test('a resident corrects a request the office sent back, then cancels another', async ({
  page,
  request,
}) => {
  await page.goto('/auth/login?returnTo=%2Fservice%2Fku');
  await signIn(page);
  await expect(page).toHaveURL(/\/service\/ku$/);

  // Filed through the API as the resident, sent back by the office with a note.
  const resident = await apiSession(request, RESIDENT);
  const filed = await request.post(BASE, {
    headers: resident,
    data: {
      business_name: 'Bengkel Motor Maju',
      business_type: 'Bengkel',
      business_address: 'Jl. Raya Sukamaju 12',
      business_started_at: '2021-01-10',
      purpose: 'Izin usaha mikro',
    },
  });
  expect(filed.status()).toBe(201);
  const id = (await filed.json()).data.id as number;
  const office = await apiSession(request, ADMIN);
  const back = await request.post(`${BASE}/${id}/status`, {
    headers: office,
    data: { status: 'needs_revision', note: 'Alamat usaha kurang lengkap: tambahkan RT/RW.' },
  });
  expect(back.status()).toBe(200);

  await page.goto(`/service/ku/${id}`);
  await expect(page.getByRole('heading', { name: 'Perlu dilengkapi' })).toBeVisible();
  await expect(
    page.getByText('Alamat usaha kurang lengkap: tambahkan RT/RW.').first(),
  ).toBeVisible();
  await expectAccessible(page, '/service/ku/{id} (needs revision)');
  await page.getByRole('button', { name: 'Perbaiki dan kirim ulang' }).click();
  await page.getByLabel('Alamat Usaha').fill('Jl. Raya Sukamaju 12 RT 003/RW 001');
  await page.getByRole('button', { name: 'Kirim ulang permohonan' }).click();
  await expect(page.getByText('Permohonan dikirim ulang ke petugas desa.')).toBeVisible();
  await expect(page.locator('strong', { hasText: 'Diajukan' })).toBeVisible();
  const stored = await request.get(`${BASE}/${id}`, { headers: office });
  expect((await stored.json()).data).toMatchObject({
    status: 'submitted',
    fields: { business_address: 'Jl. Raya Sukamaju 12 RT 003/RW 001' },
  });

  await page.getByRole('button', { name: 'Batalkan permohonan' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Batalkan permohonan?' });
  // Scanned once the 0.3 s fade-in is over (half-faded colours are not what people read).
  await expect(page.locator('.fixed.inset-0.z-50')).toHaveCSS('opacity', '1');
  await expectAccessible(page, 'cancel dialog');
  await dialog.getByRole('button', { name: 'Ya, batalkan' }).click();
  await expect(page.getByText('Permohonan ini sudah dibatalkan.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Batalkan permohonan' })).toHaveCount(0);
});

test('a resident cannot open another resident’s request, letter or notification', async ({
  page,
  request,
}) => {
  // Another resident's issued letter.
  const other = await apiSession(request, {
    email: 'budi.santoso@sukamaju.desa.id',
    password: RESIDENT.password,
  });
  const filed = await request.post('/api/statement', {
    headers: other,
    data: { details: 'Belum pernah menikah.', purpose: 'Persyaratan kerja' },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const id = (await filed.json()).data.id as number;

  await page.goto(`/auth/login?returnTo=${encodeURIComponent(`/service/k/${id}`)}`);
  await signIn(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Permohonan tidak ditemukan' }),
  ).toBeVisible();
  await expect(page.getByText('Belum pernah menikah.')).toHaveCount(0);
  await page.goto('/profile/letter-history/999999');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Surat tidak ditemukan' }),
  ).toBeVisible();
});

test('an expired session says so and sends the resident to sign in again', async ({ page }) => {
  await page.goto('/auth/login?returnTo=%2Fprofile%2Fletter-history');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat Surat' })).toBeVisible();
  // The server forgets the session (as after 24 hours); the next call is a 401.
  await page.evaluate(() => sessionStorage.setItem('access_token', 'x'.repeat(43)));
  await page.goto('/profile/letter-history');
  await expect(
    page.getByText('Sesi Anda telah berakhir. Silakan masuk kembali untuk melanjutkan.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fprofile%2Fletter-history/);
});

test('the resident pages pass axe and are photographed at 375 and 1280 px', async ({ page }) => {
  await page.goto('/auth/login?returnTo=%2Fprofile');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Profil Saya' })).toBeVisible();
  const pages: { name: string; path: string; ready: (p: Page) => Promise<void> }[] = [
    {
      name: 'profile',
      path: '/profile',
      ready: (p) => expect(p.getByRole('main').getByText(RESIDENT.name).first()).toBeVisible(),
    },
    {
      name: 'change-password',
      path: '/profile/change-password',
      ready: (p) => expect(p.getByLabel('Kata sandi saat ini')).toBeVisible(),
    },
    {
      name: 'letter-history',
      path: '/profile/letter-history',
      ready: (p) => expect(p.getByText(/^\d+ permohonan$/)).toBeVisible(),
    },
    {
      name: 'notifications',
      path: '/notification',
      ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Notifikasi' })).toBeVisible(),
    },
    {
      name: 'service-ku-signed-in',
      path: '/service/ku',
      ready: (p) => expect(p.getByRole('button', { name: 'Lanjutkan' })).toBeVisible(),
    },
  ];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const entry of pages) {
      await page.goto(entry.path);
      await entry.ready(page);
      await expect(page.getByRole('status')).toHaveCount(0);
      await photograph(page, `resident-${entry.name}-${width}`);
      await expectAccessible(page, `${entry.path} at ${width}px`);
    }
  }
});
