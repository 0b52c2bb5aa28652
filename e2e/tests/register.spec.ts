import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { byLabel, signIn } from './admin.ts';
import { expectAccessible, photograph, SCREENSHOTS } from './checks.ts';
import { ADMIN } from './fixtures.ts';
import { GOOD_ROWS, KK_2, opensidFile } from './register-file.ts';

/**
 * The population register (issue 24) in the browser: an administrator imports OpenSID's file
 * with errors and warnings, reads the summary, downloads every problem, commits; finds a person,
 * edits them, opens the family card and the areas; records a birth and a (late) death; opens the
 * monthly report of this month and the last; the public profile's charts change from the
 * content groups to the register's; a person moves to another family and two dusun merge, the
 * profile's figures following. Axe on every new page; screenshots at 375 and 1280 px.
 */

test.describe.configure({ mode: 'serial' });

/** Today and the last day of the month before, in the village's time (Asia/Jakarta). */
function days() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const first = new Date(`${today.slice(0, 8)}01T00:00:00Z`);
  first.setUTCDate(0);
  const lastOfPrevious = first.toISOString().slice(0, 10);
  return {
    today,
    month: today.slice(0, 7),
    lastOfPrevious,
    previousMonth: lastOfPrevious.slice(0, 7),
  };
}

/** The public profile's population charts (they load once scrolled near). */
async function openProfileCharts(page: Page) {
  await page.goto('/about');
  // The charts draw when scrolled into view, once the page is hydrated (its scripts come after
  // the load event): scrolled past before that, they would wait for the next scroll.
  await page.waitForFunction(() => (window as { __balaiHydrated?: boolean }).__balaiHydrated);
  // Signed in, the server's page (rendered for a guest) is replaced once the browser app takes
  // over (ADR 0025): an element found before that may be gone; scroll again until it holds.
  const heading = page.getByRole('heading', { level: 2, name: 'Penduduk' });
  await expect(async () => heading.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await page.mouse.wheel(0, 4000);
}

const download = async (page: Page, button: string) => {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const saved = path.join(SCREENSHOTS, '..', `register-${file.suggestedFilename()}`);
  fs.mkdirSync(path.dirname(saved), { recursive: true });
  await file.saveAs(saved);
  return saved;
};

test('an administrator imports, finds, records events and reads the monthly report', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { today, month, lastOfPrevious, previousMonth } = days();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Before: a visitor sees the content groups the office typed in. (A browser of its own: the
  // statistics are public and cached for 60 s, so the same browser could see them again.)
  const visitor = await browser.newPage();
  await openProfileCharts(visitor);
  await expect(
    visitor.getByRole('img', { name: /^Penduduk menurut agama: \d+ kategori/ }),
  ).toBeVisible();
  await expect(visitor.getByText(/per\s+tanggal/)).toHaveCount(0);
  await expect(visitor.getByText('Jumlah Kepala Keluarga', { exact: true })).toBeVisible();
  await visitor.close();

  await signIn(page, ADMIN, /\/admin$/);
  // The sidebar's Kependudukan group; "Cari menu" finds the import by OpenSID's name.
  const nav = page.getByRole('navigation', { name: 'Menu admin' });
  await expect(nav.getByRole('heading', { name: 'Kependudukan' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cari menu' }).fill('opensid');
  await page.getByRole('search').getByRole('link', { name: 'Impor Penduduk' }).click();
  await expect(page).toHaveURL(/\/admin\/register\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Impor Penduduk' })).toBeVisible();
  await expectAccessible(page, 'register import');

  // The check (dry run): 10 rows, 3 refused with their rows and columns, 2 warnings.
  await page.getByLabel('Berkas data penduduk').setInputFiles({
    name: 'Data Penduduk Desa.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await opensidFile(),
  });
  await page.getByRole('button', { name: 'Periksa berkas' }).click();
  const summary = page.getByRole('region', { name: '2. Ringkasan pemeriksaan' });
  await expect(page.getByRole('heading', { name: '2. Ringkasan pemeriksaan' })).toBeVisible();
  const figure = (label: string) =>
    page
      .locator('dl div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(figure('Baris data')).toHaveText('10');
  await expect(figure('Baris dapat diambil')).toHaveText(String(GOOD_ROWS.length));
  await expect(figure('Baris ditolak')).toHaveText('3');
  await expect(figure('Orang baru')).toHaveText(String(GOOD_ROWS.length));
  const errors = page.getByRole('table', { name: /^Kesalahan/ });
  await expect(errors.getByRole('row')).toHaveCount(4);
  for (const row of ['9', '10', '11']) {
    await expect(errors.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
  }
  await expect(errors.getByRole('row', { name: /^9 Nama lengkap / })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^10 NIK NIK harus 16 digit/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /^11 Agama / })).toBeVisible();
  const warnings = page.getByRole('table', { name: /^Peringatan/ });
  await expect(warnings.getByRole('rowheader', { name: '7', exact: true })).toBeVisible();
  await expect(warnings.getByRole('rowheader', { name: '8', exact: true })).toBeVisible();
  await expectAccessible(page, 'register import summary');
  await photograph(page, 'register-import-summary-1280');

  // Every problem as a spreadsheet, row by row.
  const problems = new ExcelJS.Workbook();
  await problems.xlsx.readFile(await download(page, 'Unduh semua masalah (XLSX)'));
  const cells = problems.worksheets.flatMap((s) =>
    s.getSheetValues().flatMap((r) => (Array.isArray(r) ? r.map(String) : [])),
  );
  expect(cells.join(' ')).toMatch(/NIK/);
  expect(cells).toEqual(expect.arrayContaining(['9', '10', '11']));

  // Commit.
  await summary.getByRole('button', { name: 'Simpan', exact: true }).click();
  await expect(page.getByText('Data penduduk disimpan.')).toBeVisible();
  await expect(page.getByText(`${GOOD_ROWS.length} orang ditambahkan`)).toBeVisible();

  // Find a person: masked in the list, whole in the (audited) detail.
  await page.getByRole('link', { name: 'Lihat daftar penduduk' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Penduduk' })).toBeVisible();
  await expect(page.getByText(`${GOOD_ROWS.length} orang`, { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Cari', exact: true }).fill('Sri Wahyuni');
  await page.getByLabel('Jenis kelamin').selectOption({ label: 'Perempuan' });
  await page.getByRole('button', { name: 'Terapkan' }).click();
  await expect(page).toHaveURL(/search=Sri\+Wahyuni/);
  await expect(page).toHaveURL(/gender=2/);
  const sri = GOOD_ROWS[1]!;
  const row = page.getByRole('row', { name: /Sri Wahyuni E2E/ });
  await expect(row).toContainText(String(sri.nik).slice(-4));
  await expect(row).not.toContainText(String(sri.nik));
  await expect(page.getByText('Jenis kelamin: Perempuan')).toBeVisible();
  await expectAccessible(page, 'register person list');
  await photograph(page, 'register-persons-1280');
  await row.getByRole('link', { name: 'Sri Wahyuni E2E', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sri Wahyuni E2E' })).toBeVisible();
  await expect(page.getByText(String(sri.nik), { exact: true })).toBeVisible();
  await expectAccessible(page, 'register person detail');

  // Edit (generated from the register's definitions): the change is kept with old and new.
  await page.getByRole('link', { name: 'Ubah', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ubah Penduduk' })).toBeVisible();
  await expect(byLabel(page, 'Nama lengkap')).toHaveValue('Sri Wahyuni E2E');
  await expectAccessible(page, 'register person edit');
  await byLabel(page, 'Tempat lahir').fill('Sukabumi');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sri Wahyuni E2E' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Riwayat perubahan' });
  await expect(history).toContainText('Cianjur');
  await expect(history).toContainText('Sukabumi');

  // The family card: members in SHDK order, the head first.
  await page.getByRole('link', { name: 'Lihat kartu keluarga' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Keluarga Budi Santoso E2E/ }),
  ).toBeVisible();
  const members = page.getByRole('table', { name: 'Anggota keluarga menurut SHDK' });
  await expect(members.getByRole('rowheader').first()).toHaveText('Budi Santoso E2E');
  await expectAccessible(page, 'register family card');
  await page.getByRole('button', { name: 'Pecah KK' }).click();
  await expect(page.getByRole('dialog', { name: 'Pecah kartu keluarga' })).toBeVisible();
  await expectAccessible(page, 'register family split dialog');
  await page.getByRole('button', { name: 'Batal' }).click();

  // The areas, created by the import, with their counts.
  await page.goto('/admin/register/areas');
  await expect(page.getByRole('heading', { level: 1, name: 'Wilayah' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Dusun Krajan' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Dusun Sukamulya' })).toBeVisible();
  await expectAccessible(page, 'register areas');
  await page.goto('/admin/register/families');
  await expect(page.getByText('2 keluarga')).toBeVisible();
  await expectAccessible(page, 'register families');

  // A birth into Budi's family, today.
  await page.goto('/admin/register/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Peristiwa' })).toBeVisible();
  await expectAccessible(page, 'register events');
  await page.getByLabel('Jenis peristiwa').selectOption({ label: 'Kelahiran' });
  await page.getByRole('searchbox', { name: 'Keluarga' }).fill('Budi Santoso');
  await page.getByRole('button', { name: /^Budi Santoso E2E — KK/ }).click();
  await byLabel(page, 'Tanggal kejadian').fill(today);
  await byLabel(page, 'Tanggal lapor').fill(today);
  await byLabel(page, 'Nama lengkap').fill('Bayi Santoso E2E');
  await byLabel(page, 'NIK').fill('3201014101260011');
  await byLabel(page, 'Jenis kelamin').selectOption('Perempuan');
  await byLabel(page, 'Hubungan dalam keluarga').selectOption({ index: 4 });
  await page.getByRole('button', { name: 'Catat', exact: true }).click();
  await expect(page.getByText('Kelahiran Bayi Santoso E2E dicatat.')).toBeVisible();

  // Joko's death, on the last day of last month, reported only today (late).
  await page.getByLabel('Jenis peristiwa').selectOption({ label: 'Kematian' });
  await page.getByRole('searchbox', { name: 'Penduduk' }).fill('Joko');
  await page.getByRole('button', { name: /^Joko Prasetyo E2E — NIK/ }).click();
  await byLabel(page, 'Tanggal kejadian').fill(lastOfPrevious);
  await byLabel(page, 'Tanggal lapor').fill(today);
  await page.getByRole('button', { name: 'Catat', exact: true }).click();
  await expect(page.getByText('Kematian Joko Prasetyo E2E dicatat.')).toBeVisible();
  const events = page.getByRole('table', { name: /^Peristiwa, halaman 1/ });
  await expect(events.getByRole('row')).toHaveCount(3);
  await photograph(page, 'register-events-1280');
  await events.getByRole('button', { name: /Koreksi Kematian Joko/ }).click();
  await expect(page.getByRole('dialog', { name: /^Koreksi kematian Joko/ })).toBeVisible();
  await expectAccessible(page, 'register event correction');
  await page.getByRole('dialog').getByRole('button', { name: 'Batal' }).click();

  // This month: start 6 (Joko died last month), one birth, end 7; Joko's death reported late.
  await page.goto(`/admin/register/report?month=${month}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Laporan Bulanan' })).toBeVisible();
  const report = page.getByRole('table', { name: /^Mutasi penduduk/ });
  const total = (label: RegExp) =>
    report.getByRole('row', { name: label }).getByRole('cell').nth(2);
  await expect(total(/^Awal bulan/)).toHaveText(String(GOOD_ROWS.length - 1));
  await expect(total(/^Lahir/)).toHaveText('1');
  await expect(total(/^Meninggal/)).toHaveText('0');
  await expect(total(/^Akhir bulan/)).toHaveText(String(GOOD_ROWS.length));
  await expect(page.getByText(/Dilaporkan bulan ini untuk bulan sebelumnya \(1\)/)).toBeVisible();
  await expectAccessible(page, 'register monthly report');
  await photograph(page, 'register-report-1280');
  const pdf = await download(page, 'Unduh PDF');
  expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  const xlsx = await download(page, 'Unduh Excel');
  expect(fs.statSync(xlsx).size).toBeGreaterThan(1000);
  // Last month ends where this one starts, with the death counted by the day it happened.
  await page.getByLabel('Bulan').fill(previousMonth);
  await expect(page).toHaveURL(new RegExp(`month=${previousMonth}`));
  await expect(total(/^Meninggal/)).toHaveText('1');
  await expect(total(/^Akhir bulan/)).toHaveText(String(GOOD_ROWS.length - 1));
  await expect(page.getByText(/Dilaporkan terlambat \(setelah bulan ini\) \(1\)/)).toBeVisible();

  // After: the profile's charts are the register's, per today; the administrator's counts lead
  // to exactly the people they count.
  await openProfileCharts(page);
  await expect(page.getByText(/per\s+tanggal/).first()).toBeVisible();
  await expect(
    page.getByRole('img', {
      name: new RegExp(`^Penduduk menurut jenis kelamin: 2 baris, jumlah ${GOOD_ROWS.length} jiwa`),
    }),
  ).toBeVisible();
  await expectAccessible(page, 'profile with register charts');
  await photograph(page, 'register-profile-1280');
  const women = page.getByRole('link', {
    name: /— daftar penduduk menurut jenis kelamin: Perempuan/,
  });
  const counted = (await women.innerText()).trim().split(/\s/)[0]!;
  await women.click();
  await expect(page).toHaveURL(/\/admin\/register\/persons\?.*gender=2/);
  await expect(page.getByText(`${counted} orang`, { exact: true })).toBeVisible();
});

test('the register screens at 375 px: usable, accessible, photographed', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, ADMIN, /\/admin$/);
  const pages: [string, string, RegExp | string][] = [
    ['/admin/register/persons', 'persons', 'Penduduk'],
    ['/admin/register/families', 'families', 'Keluarga'],
    ['/admin/register/areas', 'areas', 'Wilayah'],
    ['/admin/register/import', 'import', 'Impor Penduduk'],
    ['/admin/register/events', 'events', 'Peristiwa'],
    ['/admin/register/report', 'report', 'Laporan Bulanan'],
  ];
  for (const [address, name, heading] of pages) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Memuat…')).toHaveCount(0);
    // Nothing wider than the screen: tables scroll inside their own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectAccessible(page, `register ${name} at 375 px`);
    await photograph(page, `register-${name}-375`);
  }
  await page.goto('/admin/register/persons?search=Sri');
  await page.getByRole('link', { name: 'Sri Wahyuni E2E', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sri Wahyuni E2E' })).toBeVisible();
  await expectAccessible(page, 'register person detail at 375 px');
  await photograph(page, 'register-person-375');
  await page.getByRole('link', { name: 'Lihat kartu keluarga' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Keluarga/ })).toBeVisible();
  await photograph(page, 'register-family-375');
  await openProfileCharts(page);
  await expect(page.getByText(/per\s+tanggal/).first()).toBeVisible();
  await photograph(page, 'register-profile-375');
});

test('an administrator moves a person to another family and merges two dusun', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN, /\/admin$/);

  // Lina leaves Budi's card for the family of No. KK …0002 (Joko's, who died; Ratna stays).
  await page.goto('/admin/register/persons?search=Lina');
  await page.getByRole('link', { name: 'Lina Marlina E2E', exact: true }).click();
  await page.getByRole('link', { name: 'Lihat kartu keluarga' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Keluarga Budi Santoso E2E/ }),
  ).toBeVisible();
  const members = page.getByRole('table', { name: 'Anggota keluarga menurut SHDK' });
  await expect(members.getByRole('rowheader', { name: 'Lina Marlina E2E' })).toBeVisible();
  const move = page.getByRole('dialog', { name: 'Pindahkan Lina Marlina E2E' });
  const fillMove = async () => {
    await page.getByRole('button', { name: 'Pindahkan Lina Marlina E2E' }).click();
    await expect(move).toBeVisible();
    await move.getByRole('searchbox', { name: 'Cari keluarga tujuan' }).fill(KK_2);
    const target = move.getByRole('group', { name: 'Keluarga tujuan' }).getByRole('radio');
    await expect(target).toHaveCount(1);
    await target.check();
    await move.getByLabel('Hubungan dalam keluarga tujuan').selectOption('Famili Lain');
  };
  await fillMove();
  await expectAccessible(page, 'register move person dialog');
  await photograph(page, 'register-move-1280');
  // The same at 375 px, opened on a phone-sized page.
  await move.getByRole('button', { name: 'Batal' }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await fillMove();
  await expectAccessible(page, 'register move person dialog at 375 px');
  await photograph(page, 'register-move-375');
  await move.getByRole('button', { name: 'Pindahkan', exact: true }).click();
  await expect(page.getByText('Lina Marlina E2E dipindahkan ke keluarga lain.')).toBeVisible();
  await expect(move).toBeHidden();
  await expect(members.getByRole('rowheader', { name: 'Lina Marlina E2E' })).toHaveCount(0);
  // Her record names the new card and her new place in it.
  await page.goto('/admin/register/persons?search=Lina');
  await page.getByRole('link', { name: 'Lina Marlina E2E', exact: true }).click();
  await expect(page.getByText('Famili Lain', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Lihat kartu keluarga' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Keluarga/ })).toContainText(
    /Joko Prasetyo E2E|0002/,
  );
  await expect(members.getByRole('rowheader', { name: 'Lina Marlina E2E' })).toBeVisible();

  // Sukamulya (a second spelling, say) merges into Krajan: its people and RW follow.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/register/areas');
  await expect(page.getByRole('heading', { level: 1, name: 'Wilayah' })).toBeVisible();
  const living = async (area: string) => {
    const link = page.getByRole('link', { name: new RegExp(`^\\d+ penduduk di ${area}$`) });
    return Number((await link.innerText()).replace(/\D/g, ''));
  };
  const krajan = await living('Dusun Krajan');
  const sukamulya = await living('Dusun Sukamulya');
  expect(sukamulya).toBeGreaterThan(0);
  const merge = page.getByRole('dialog', { name: 'Gabungkan Dusun Sukamulya' });
  const fillMerge = async () => {
    await page.getByRole('button', { name: 'Gabungkan Dusun Sukamulya' }).click();
    await expect(merge).toBeVisible();
    await merge.getByLabel('Gabungkan ke').selectOption({ label: 'Dusun Krajan' });
  };
  await fillMerge();
  await expectAccessible(page, 'register merge areas dialog');
  await photograph(page, 'register-merge-1280');
  await merge.getByRole('button', { name: 'Batal' }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await fillMerge();
  await expectAccessible(page, 'register merge areas dialog at 375 px');
  await photograph(page, 'register-merge-375');
  await merge.getByRole('button', { name: 'Gabungkan', exact: true }).click();
  await expect(page.getByText('Dusun Sukamulya digabung ke Dusun Krajan.')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Dusun Sukamulya' })).toHaveCount(0);
  await expect.poll(() => living('Dusun Krajan')).toBe(krajan + sukamulya);
  await expect(page.getByRole('rowheader', { name: 'RW 002' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'register areas after merge at 375 px');
  await photograph(page, 'register-areas-merged-375');

  // The profile's figures are the register's: one dusun now, and no typed figures beside them.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openProfileCharts(page);
  const card = (label: string) =>
    page
      .locator('dl div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(card('Jumlah penduduk')).toHaveText(new RegExp(`^${GOOD_ROWS.length}\\s*jiwa$`));
  await expect(card('Dusun')).toHaveText('1');
  await expect(page.getByText('Jumlah Kepala Keluarga', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Menurut buku induk penduduk, per tanggal/)).toBeVisible();
  await photograph(page, 'register-profile-figures-1280');
});
