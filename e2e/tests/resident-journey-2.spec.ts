import { expect, test, type Page } from '@playwright/test';
import { ADMIN, RESIDENT } from './fixtures.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { issueThroughOffice } from './office.ts';

// The resident's journey, second pass (issue 13): every step at its own address, inputs as
// people type them, village time whatever the device's clock, the catalogue's search, "Surat
// Anda" on the home page, and the texts. At 375 px, the phone most residents have.
test.use({ viewport: { width: 375, height: 812 } });

const KU = '/api/business-certificate';
const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** An instant as the village reads it: "24 November 2026, 02.25 WIB" (Asia/Jakarta). */
function village(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Jakarta',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}, ${parts.hour}.${parts.minute} WIB`;
}

/** A day `n` days from today in the village, as a date input takes it. */
function villageDay(n: number): string {
  const day = new Date(Date.now() + n * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(day);
}

async function signIn(page: Page, returnTo: string) {
  await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('E-mail atau NIK').fill(RESIDENT.email);
  await page.getByLabel('Kata sandi').fill(RESIDENT.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[?]/g, '\\?')}$`));
}

const drafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('balai.draft.')));

test('each step of a request has its address: Back, Forward and a reload keep what was typed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, '/service/irr');
  const day = villageDay(10);

  // The form: half filled in, then reloaded — nothing is lost.
  await page.getByLabel('Jenis/Nama Acara').fill('Resepsi Pernikahan');
  await page.getByLabel('Tanggal Acara').fill(day);
  await page.getByLabel('Jam Mulai').fill('19.00');
  await page.getByLabel('Jam Selesai (opsional)').fill('1700');
  await page.getByLabel('Jam Selesai (opsional)').blur();
  // 24-hour, tidied when focus leaves, and wide enough on a phone.
  await expect(page.getByLabel('Jam Selesai (opsional)')).toHaveValue('17.00');
  const box = (await page.getByLabel('Jam Mulai').boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(80);
  await page.reload();
  await expect(page.getByLabel('Jenis/Nama Acara')).toHaveValue('Resepsi Pernikahan');
  await expect(page.getByLabel('Tanggal Acara')).toHaveValue(day);
  await expect(page.getByLabel('Jam Mulai')).toHaveValue('19.00');

  // Every error at once: the missing place and the end before the start on the same day.
  await page.getByRole('button', { name: 'Lanjutkan' }).click();
  const summary = page.getByLabel('Ada masalah');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Jam Selesai tidak boleh sebelum Jam Mulai pada hari yang sama.',
    'Tempat Acara wajib diisi.',
    'Keperluan wajib diisi.',
  ]);
  await photograph(page, 'resident2-irr-errors-375');
  await expectAccessible(page, '/service/irr (errors)');

  await page.getByLabel('Jam Selesai (opsional)').fill('22.30');
  await page.getByLabel('Tempat Acara').fill('Halaman rumah, Kp. Cibodas RT 001');
  await page.getByLabel('Keperluan').fill('Mengurus izin keramaian ke Polsek');
  await photograph(page, 'resident2-irr-form-375');
  await expectAccessible(page, '/service/irr (form)');
  await page.getByRole('button', { name: 'Lanjutkan' }).click();

  // The check: its own address, survives a reload, Back and Forward.
  await expect(page).toHaveURL(/\/service\/irr\/periksa$/);
  await expect(page.getByRole('heading', { name: 'Periksa jawaban Anda' })).toBeFocused();
  await expect(page.getByText('19.00', { exact: true })).toBeVisible();
  await expect(page.getByText('22.30', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^Periksa jawaban: Surat Pengantar Izin Keramaian/);
  await photograph(page, 'resident2-irr-check-375');
  await expectAccessible(page, '/service/irr/periksa');
  await page.reload();
  await expect(page.getByText('Halaman rumah, Kp. Cibodas RT 001')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/service\/irr$/);
  await expect(page.getByLabel('Tempat Acara')).toHaveValue('Halaman rumah, Kp. Cibodas RT 001');
  await expect(page.getByLabel('Jam Selesai (opsional)')).toHaveValue('22.30');
  await page.goForward();
  await expect(page).toHaveURL(/\/service\/irr\/periksa$/);
  await expect(page.getByText('Resepsi Pernikahan', { exact: true })).toBeVisible();

  // "Ubah" goes to the field, with the answer in it.
  await page.getByRole('link', { name: 'Ubah Tempat Acara' }).click();
  await expect(page).toHaveURL(/\/service\/irr#venue$/);
  await expect(page.getByLabel('Tempat Acara')).toBeFocused();
  await page.getByRole('button', { name: 'Lanjutkan' }).click();

  // Sent: the confirmation is the request's own page, reloadable by its id.
  await page.getByRole('button', { name: 'Kirim permohonan' }).click();
  await expect(page).toHaveURL(/\/service\/irr\/\d+\?terkirim=1$/);
  await expect(page.getByRole('heading', { name: 'Permohonan terkirim' })).toBeFocused();
  const reference = (await page.locator('strong', { hasText: /^IRR-\d{6}$/ }).textContent())!;
  await photograph(page, 'resident2-irr-confirmation-375');
  await expectAccessible(page, '/service/irr/{id}?terkirim=1');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Permohonan terkirim' })).toBeVisible();
  await expect(page.locator('strong', { hasText: reference })).toBeVisible();
  await expect.poll(() => drafts(page)).toEqual([]);

  // Back from the confirmation (it replaced the check): the form, empty, never a second send.
  await page.goBack();
  await expect(page).toHaveURL(/\/service\/irr(#venue)?$/);
  await expect(page.getByLabel('Jenis/Nama Acara')).toHaveValue('');

  // A draft is personal data on a possibly shared phone: signing out removes it.
  await page.getByLabel('Jenis/Nama Acara').fill('Khitanan');
  await expect.poll(() => drafts(page)).toHaveLength(1);
  // At 375 px signing out is in the side menu.
  await page.getByRole('button', { name: 'Buka menu' }).click();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Konfirmasi' })
    .getByRole('button', { name: 'Keluar' })
    .click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect.poll(() => drafts(page)).toEqual([]);
});

test('money as people write it: "Rp 1.200.000", "1.200.000" and "1200000"', async ({ page }) => {
  await signIn(page, '/service/kp');
  const income = page.getByLabel('Penghasilan per Bulan');
  for (const typed of ['Rp 1.200.000', '1.200.000', '1200000']) {
    await income.fill(typed);
    await income.blur();
    await expect(income).toHaveValue('1.200.000');
  }
  await expect(income).toHaveAttribute('inputmode', 'numeric');
  await income.fill('1,5');
  await page.getByLabel('Keperluan').fill('Pengajuan beasiswa anak');
  await page.getByRole('button', { name: 'Lanjutkan' }).click();
  await expect(page.getByLabel('Ada masalah').getByRole('link')).toHaveText([
    'Penghasilan per Bulan harus jumlah rupiah bulat, misalnya 1.200.000 (tanpa sen).',
  ]);
  await income.fill('Rp 2.750.000');
  await photograph(page, 'resident2-kp-money-375');
  await page.getByRole('button', { name: 'Lanjutkan' }).click();
  await expect(page).toHaveURL(/\/service\/kp\/periksa$/);
  await expect(page.getByText('Rp2.750.000')).toBeVisible();
});

for (const timezoneId of ['America/New_York', 'Asia/Jayapura']) {
  test(`village time (WIB) on the verify and request pages in a browser set to ${timezoneId}`, async ({
    browser,
    request,
  }) => {
    // A request filed and issued now.
    const resident = await apiSession(request, RESIDENT);
    const office = await apiSession(request, ADMIN);
    const created = await request.post(KU, {
      headers: resident,
      data: {
        business_name: `Warung Zona ${timezoneId}`,
        business_type: 'Warung sembako',
        business_address: 'Kp. Cibodas RT 001/RW 002',
        business_started_at: '2019-06-15',
        purpose: 'Pengajuan KUR',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.id as number;
    await issueThroughOffice(request, KU, id);
    const detail = (await (await request.get(`${KU}/${id}`, { headers: office })).json()).data as {
      created_at: string;
      issued_at: string;
      verify_url: string;
    };

    const context = await browser.newContext({
      timezoneId,
      locale: 'id-ID',
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    // The device's clock is really elsewhere: its hour differs from the village's.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      timezoneId,
    );
    const deviceHour = await page.evaluate(
      (iso) => String(new Date(iso).getHours()).padStart(2, '0'),
      detail.issued_at,
    );
    const issued = village(detail.issued_at);
    expect(issued).not.toContain(`, ${deviceHour}.`);

    await page.goto(new URL(detail.verify_url).pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Surat ini asli' })).toBeVisible();
    await expect(page.locator('dt:has-text("Tanggal terbit") + dd')).toHaveText(issued);
    await expectAccessible(page, `/verify/{token} (${timezoneId})`);

    await signIn(page, `/service/ku/${id}`);
    await expect(page.getByText(`Diajukan ${village(detail.created_at)}`)).toBeVisible();
    await expect(page.locator('dt:has-text("Diterbitkan") + dd')).toHaveText(issued);
    const times = page.getByRole('region', { name: 'Riwayat status' }).locator('time');
    for (const t of await times.all()) {
      await expect(t).toHaveText(village((await t.getAttribute('datetime'))!));
    }
    await photograph(page, `resident2-request-${timezoneId.replace('/', '-')}-375`);
    await page.goto('/profile/letter-history');
    await expect(page.getByText(`Diajukan ${village(detail.created_at)}`).first()).toBeVisible();
    await context.close();
  });
}

test('the catalogue finds letters by the names people use; each page is titled by the full name', async ({
  page,
}) => {
  await page.goto('/service');
  const search = page.getByRole('searchbox', { name: 'Cari surat' });
  await expect(page.getByText('15 jenis surat.')).toBeVisible();
  await photograph(page, 'resident2-service-list-375');
  await expectAccessible(page, '/service');
  await search.fill('SKTM');
  await expect(page.getByText('1 surat cocok dengan “SKTM”.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Surat Keterangan Tidak Mampu' })).toBeVisible();
  await expect(page).toHaveURL(/\/service\?q=SKTM$/);
  await photograph(page, 'resident2-service-search-375');
  await expectAccessible(page, '/service?q=SKTM');
  await search.fill('pengantar nikah');
  const first = page
    .getByRole('list')
    .filter({ has: page.getByRole('link', { name: /^Surat / }) })
    .getByRole('link')
    .first();
  await expect(first).toHaveText('Surat Pengantar Perkawinan');
  await search.fill('skck');
  await page.getByRole('link', { name: 'Surat Pengantar SKCK' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Surat Pengantar SKCK' })).toBeVisible();
  await expect(page).toHaveTitle(/^Surat Pengantar SKCK \|/);
  await expect(page.getByText(/hari kerja/).first()).toBeVisible();
  // Back keeps the search.
  await page.goBack();
  await expect(search).toHaveValue('skck');
});

test('a signed-in resident\'s home shows "Surat Anda" with the PDFs, and Riwayat Surat downloads from the list', async ({
  page,
}) => {
  // Signed out, the home page asks for nothing private.
  const privateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/letter-requests')) privateCalls.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Layanan Surat' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Surat Anda' })).toHaveCount(0);
  expect(privateCalls).toEqual([]);

  await signIn(page, '/');
  const mine = page.getByRole('region', { name: 'Surat Anda' });
  await expect(mine.getByRole('link', { name: /· [A-Z]+-\d{6}$/ }).first()).toBeVisible();
  const download = mine.getByRole('button', { name: /^Unduh PDF / }).first();
  await expect(download).toBeVisible();
  await photograph(page, 'resident2-home-surat-anda-375');
  await expectAccessible(page, '/ (signed in)');
  const downloading = page.waitForEvent('download');
  await download.click();
  expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);

  await page.goto('/profile/letter-history');
  const listed = page.getByRole('button', { name: /^Unduh PDF Surat Keterangan Usaha KU-\d{6}$/ });
  await expect(listed.first()).toBeVisible();
  await photograph(page, 'resident2-letter-history-375');
  await expectAccessible(page, '/profile/letter-history (downloads)');
  const again = page.waitForEvent('download');
  await listed.first().click();
  expect((await again).suggestedFilename()).toMatch(/\.pdf$/);

  // The archive entry is headed by the letter's name, not its number.
  await page
    .getByRole('link', { name: /^Surat terbit / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Surat /);
  await expect(page.getByText('Sidik jari dokumen (SHA-256)')).toBeVisible();
  await photograph(page, 'resident2-letter-history-detail-375');
});

test('texts: notifications name the letter and request, password messages, the footer address once', async ({
  page,
}) => {
  await signIn(page, '/notification');
  const titles = await page
    .getByRole('list', { name: 'Daftar notifikasi' })
    .getByRole('link')
    .allTextContents();
  // No two alike: each names its letter and request ("Surat Keterangan Usaha KU-000010 sudah terbit").
  expect(titles.length).toBeGreaterThan(1);
  expect(new Set(titles).size).toBe(titles.length);
  expect(titles.filter((t) => /Surat Keterangan Usaha KU-\d{6} sudah terbit/.test(t))).not.toEqual(
    [],
  );
  await photograph(page, 'resident2-notifications-375');

  await page.goto('/profile/change-password');
  await page.getByLabel('Kata sandi saat ini').fill('bukan-sandinya-1');
  await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
  await expect(page.getByLabel('Ada masalah').getByRole('link')).toHaveText([
    'Kata sandi baru wajib diisi.',
    'Ulangi kata sandi baru wajib diisi.',
  ]);
  await page.getByLabel('Kata sandi baru', { exact: true }).fill('sandi-baru-123');
  await page.getByLabel('Ulangi kata sandi baru').fill('sandi-baru-124');
  await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
  await expect(page.getByLabel('Ada masalah').getByRole('link')).toHaveText([
    'Ulangi kata sandi baru harus sama dengan Kata sandi baru.',
  ]);
  await page.getByLabel('Ulangi kata sandi baru').fill('sandi-baru-123');
  await page.getByRole('button', { name: 'Simpan kata sandi' }).click();
  const summary = page.getByLabel('Ada masalah');
  await expect(summary).toContainText('Kata sandi saat ini salah.');
  await expect(summary.getByText('Kata sandi saat ini salah.')).toHaveCount(1);
  await photograph(page, 'resident2-change-password-375');
  await expectAccessible(page, '/profile/change-password (errors)');

  const footer = (await page.locator('footer').textContent())!;
  expect(footer.match(/Cibeureum/g)).toHaveLength(1);
  expect(footer.match(/Bogor/g)).toHaveLength(1);
});

test('the gallery lightbox keeps its buttons inside the dialog at 375 px', async ({ page }) => {
  await page.goto('/gallery');
  await page.getByRole('button', { name: 'Pasar Desa Setiap Kamis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pasar Desa Setiap Kamis' });
  await expect(dialog).toBeVisible();
  const frame = (await dialog.boundingBox())!;
  for (const name of ['Foto Sebelumnya', 'Foto Berikutnya']) {
    const b = (await dialog.getByRole('button', { name }).boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(frame.x);
    expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    expect(b.y + b.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  }
  await photograph(page, 'resident2-gallery-lightbox-375');
});
