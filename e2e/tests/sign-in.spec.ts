import { expect, test } from '@playwright/test';
import { RESIDENT } from './fixtures.ts';

test('a resident signs in through the login page, sees their name, and logs out after confirming', async ({
  page,
}) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fprofile/);

  await page.getByLabel('E-mail').fill(RESIDENT.email);
  await page.getByLabel('Kata sandi').fill('salah-sekali');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByText('E-mail/NIK atau kata sandi salah.').first()).toBeVisible();

  await page.getByLabel('Kata sandi').fill(RESIDENT.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toMatch(
    /^[A-Za-z0-9_-]{43}$/,
  );
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toContain(RESIDENT.password);

  await page.getByRole('button', { name: `Menu pengguna ${RESIDENT.name}` }).click();
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Konfirmasi' });
  await expect(dialog).toContainText('Apakah anda yakin ingin keluar?');
  await dialog.getByRole('button', { name: 'Keluar' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('access_token'))).toBeNull();
});

test('a resident without e-mail at hand signs in with the 16-digit NIK (spaces as typed from the KTP)', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByLabel(/^E-mail atau NIK/)).toBeVisible();
  await page.getByLabel(/^E-mail atau NIK/).fill('3201 0145 0688 0002');
  await page.getByLabel('Kata sandi', { exact: true }).fill('bukan-kata-sandinya');
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByText('E-mail/NIK atau kata sandi salah.').first()).toBeVisible();
  await page.getByLabel('Kata sandi', { exact: true }).fill(RESIDENT.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: `Menu pengguna ${RESIDENT.name}` })).toBeVisible();
});
