import { expect, test, type Page } from '@playwright/test';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { byLabel, signIn } from './admin.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';

const NEW_USER = {
  name: 'Rahmat Hidayat E2E',
  email: 'rahmat.hidayat.e2e@sukamaju.desa.id',
  nik: '3201011508900077',
  password: 'rahasia-rahmat-1',
};
/** Siti's NIK in the demo village (apps/server/src/seed/residents.ts). */
const SITI_NIK = '3201014506880002';

/** Applies the list's search form: the search text and the filter selects by label. */
async function filterList(page: Page, search: string, filters: Record<string, string> = {}) {
  await page.getByRole('searchbox', { name: 'Cari', exact: true }).fill(search);
  for (const label of ['Peran', 'Status', 'Identitas']) {
    await page
      .getByLabel(label, { exact: true })
      .selectOption({ label: filters[label] ?? 'Semua' });
  }
  await page.getByRole('button', { name: 'Terapkan' }).click();
}

test('an administrator creates, edits and deletes a user through the screens', async ({ page }) => {
  await signIn(page, ADMIN, /\/admin$/);
  await page.getByRole('searchbox', { name: 'Cari menu' }).fill('pengguna');
  await page.getByRole('link', { name: 'Daftar Pengguna' }).first().click();
  await expect(page).toHaveURL(/\/admin\/user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pengguna' })).toBeVisible();
  await expect(page).toHaveTitle(/^Pengguna \|/);
  await expect(page.getByRole('table', { name: /Pengguna, halaman 1/ })).toBeVisible();
  await expectAccessible(page, 'user list');

  // Create.
  await page.getByRole('main').getByRole('link', { name: 'Buat Pengguna' }).click();
  await expect(page).toHaveURL(/\/admin\/user\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buat Pengguna' })).toBeVisible();
  await expectAccessible(page, 'user create form');
  await byLabel(page, 'Nama lengkap').fill(NEW_USER.name);
  await byLabel(page, 'E-mail').fill(NEW_USER.email);
  await byLabel(page, 'NIK').fill(NEW_USER.nik);
  await byLabel(page, 'Kata sandi').fill('pendek');
  await page.getByRole('button', { name: 'Buat', exact: true }).click();
  // The schema's message, on its field and in the summary; nothing sent yet.
  await expect(page.getByRole('heading', { name: 'Ada masalah' })).toBeVisible();
  await expect(byLabel(page, 'Kata sandi')).toHaveAccessibleDescription(/minimal 8 karakter/);
  await byLabel(page, 'Kata sandi').fill(NEW_USER.password);
  await page.getByRole('button', { name: 'Buat', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/user$/);
  await expect(page.getByText(`Pengguna "${NEW_USER.name}" dibuat.`)).toBeVisible();

  // Find it: search and filters go into the address.
  await filterList(page, NEW_USER.name, { Peran: 'Warga', Identitas: 'Belum terverifikasi' });
  await expect(page).toHaveURL(/search=Rahmat\+Hidayat\+E2E/);
  await expect(page).toHaveURL(/role=WARGA/);
  await expect(page).toHaveURL(/verified=false/);
  const row = page.getByRole('row', { name: new RegExp(NEW_USER.name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('berakhiran 0077');
  await expect(row).not.toContainText(NEW_USER.nik);
  await expect(row).toContainText('Aktif');
  await filterList(page, NEW_USER.name, { Identitas: 'Terverifikasi' });
  await expect(page.getByText('Tidak ada pengguna yang cocok.')).toBeVisible();
  // A NIK finds the account too.
  await filterList(page, NEW_USER.nik);
  await expect(page.getByRole('row', { name: new RegExp(NEW_USER.name) })).toBeVisible();

  // Edit: the e-mail another account holds comes back as a 422 on its field.
  await page.getByRole('link', { name: `Ubah ${NEW_USER.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ubah Pengguna' })).toBeVisible();
  await expect(byLabel(page, 'Nama lengkap')).toHaveValue(NEW_USER.name);
  await expect(byLabel(page, 'NIK')).toHaveValue(NEW_USER.nik);
  await expectAccessible(page, 'user edit form');
  await byLabel(page, 'E-mail').fill(RESIDENT.email);
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(byLabel(page, 'E-mail')).toHaveAccessibleDescription(/sudah/);
  await byLabel(page, 'E-mail').fill(NEW_USER.email);
  await byLabel(page, 'Pekerjaan').fill('Nelayan');
  await page.getByLabel('Status aktif').uncheck();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(/\/admin\/user$/);
  await expect(page.getByText(`Pengguna "${NEW_USER.name}" disimpan.`)).toBeVisible();
  await filterList(page, NEW_USER.name, { Status: 'Nonaktif' });
  await expect(page.getByRole('row', { name: new RegExp(NEW_USER.name) })).toContainText(
    'Nonaktif',
  );

  // Delete, after confirming; the list no longer has it.
  await page.getByRole('button', { name: `Hapus ${NEW_USER.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Hapus pengguna?' });
  await expect(dialog).toContainText(NEW_USER.email);
  await dialog.getByRole('button', { name: 'Hapus' }).click();
  await expect(page.getByText(`Pengguna "${NEW_USER.name}" dihapus.`)).toBeVisible();
  await expect(page.getByText('Tidak ada pengguna yang cocok.')).toBeVisible();

  // The API's refusal: one's own account.
  await filterList(page, ADMIN.email);
  const self = page.getByRole('row', { name: /admin@e2e\.desa\.id/ });
  await self.getByRole('button', { name: /^Hapus / }).click();
  const refuse = page.getByRole('alertdialog', { name: 'Hapus pengguna?' });
  await refuse.getByRole('button', { name: 'Hapus' }).click();
  await expect(refuse.getByRole('alert')).toHaveText(
    'Anda tidak dapat menghapus akun Anda sendiri.',
  );
  await refuse.getByRole('button', { name: 'Batal' }).click();
  await expect(self).toBeVisible();
});

test('the office verifies a resident; the resident can then no longer change the NIK', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, ADMIN, /\/admin$/);
  await page.goto(`/admin/user?search=${encodeURIComponent(RESIDENT.email)}`);
  await page.getByRole('link', { name: `Ubah ${RESIDENT.name}` }).click();
  const verification = page.getByRole('group', { name: 'Verifikasi identitas' });
  await expect(verification).toContainText('Identitas belum dicocokkan dengan KTP dan KK.');
  await expect(verification).toContainText('tidak dapat lagi mengubah sendiri');
  await verification.getByLabel('Identitas terverifikasi').check();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText(`Pengguna "${RESIDENT.name}" disimpan.`)).toBeVisible();

  // The list shows the tag and finds her under "Terverifikasi".
  await filterList(page, RESIDENT.email, { Identitas: 'Terverifikasi' });
  const row = page.getByRole('row', { name: new RegExp(RESIDENT.name) });
  await expect(row).toContainText('Terverifikasi');
  await row.getByRole('link', { name: `Ubah ${RESIDENT.name}` }).click();
  await expect(page.getByRole('group', { name: 'Verifikasi identitas' })).toContainText(
    /Diverifikasi \d+ \w+ \d{4}.* oleh /,
  );

  // The resident: the profile shows the NIK read-only with "Terverifikasi" ...
  const residentContext = await browser.newContext();
  const resident = await residentContext.newPage();
  await signIn(resident, RESIDENT, /\/$/);
  await resident.goto('/profile');
  await resident.getByRole('button', { name: 'Ubah profil' }).click();
  // Shown as text with the tag, not as a box that looks editable (issue 25).
  const nik = resident.locator('[data-locked-field="nik"]');
  await expect(nik).toContainText('NIK');
  await expect(nik).toContainText('Terverifikasi');
  await expect(nik).toContainText(SITI_NIK);
  await expect(resident.getByRole('textbox', { name: /^NIK/ })).toHaveCount(0);
  await residentContext.close();

  // ... and the API refuses a new NIK with a 422 on the field.
  const headers = await apiSession(request, RESIDENT);
  const refused = await request.put('/api/profile', {
    headers,
    data: { nik: '3201014506880099' },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).errors.nik[0]).toMatch(/sudah diverifikasi kantor desa/);
  const profile = await request.get('/api/profile', { headers });
  expect((await profile.json()).data.nik).toBe(SITI_NIK);

  // The office takes the mark back, so the demo resident is as the other tests expect her.
  await page
    .getByRole('group', { name: 'Verifikasi identitas' })
    .getByLabel('Identitas terverifikasi')
    .uncheck();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText(`Pengguna "${RESIDENT.name}" disimpan.`)).toBeVisible();
  const after = await request.get('/api/profile', { headers });
  expect((await after.json()).data.identity_verified_at).toBeNull();
});

test('the user screens at 375 and 1280 px', async ({ page }) => {
  await signIn(page, ADMIN, /\/admin$/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/user');
    await expect(page.getByRole('table')).toBeVisible();
    await photograph(page, `admin-users-list-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.goto(`/admin/user?search=${encodeURIComponent(RESIDENT.email)}`);
    await page.getByRole('link', { name: `Ubah ${RESIDENT.name}` }).click();
    await expect(byLabel(page, 'NIK')).toHaveValue(SITI_NIK);
    await photograph(page, `admin-users-form-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
});
