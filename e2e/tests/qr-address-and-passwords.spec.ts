import { expect, test, type Page } from '@playwright/test';
import { signIn } from './admin.ts';
import { expectAccessible, photograph } from './checks.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';

// Issue 25.1 and 25.5 in the browser, at 375 and 1280 px (e2e/artifacts/screenshots/issue25-g1-*):
// Pengaturan shows where QR codes point, with the warning for the e2e server's localhost address
// and the demo's switch ticked; the new-password box says a common password is refused, and why.

const WIDTHS = [375, 1280] as const;
test.describe.configure({ timeout: 180_000 });

async function atBothWidths(page: Page, name: string, show: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await show();
    await photograph(page, `issue25-g1-${name}-${width}`);
  }
}

test('Pengaturan shows the QR address with its warning and the demo switch', async ({ page }) => {
  await signIn(page, ADMIN, /\/admin$/);
  await atBothWidths(page, 'qr-address', async () => {
    await page.goto('/admin/settings');
    const panel = page.getByRole('region', { name: 'Alamat kode QR surat' });
    await expect(panel).toBeVisible();
    await expect(
      panel.getByText(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/verify\/…$/),
    ).toBeVisible();
    await expect(panel.getByRole('status')).toContainText('Atur PUBLIC_URL');
    // The demo village allows its localhost QR codes (the seed ticked it).
    await expect(
      panel.getByRole('checkbox', { name: 'Izinkan QR alamat lokal (hanya untuk demo)' }),
    ).toBeChecked();
    await panel.scrollIntoViewIfNeeded();
  });
  await expectAccessible(page, 'settings with the QR address');
});

test('the new-password box says why a password would be refused while it is typed', async ({
  page,
}) => {
  await signIn(page, RESIDENT, /\/(profile|$)/);
  await atBothWidths(page, 'password-hint', async () => {
    await page.goto('/profile/change-password');
    const box = page.getByLabel('Kata sandi baru', { exact: true });
    await box.fill('12345678');
    await expect(page.getByText('Kekuatan kata sandi: Sangat lemah')).toBeVisible();
    await expect(
      page.getByText(/termasuk 10\.000 kata sandi yang paling sering dipakai/),
    ).toBeVisible();
    await box.fill('SitiRahmawati');
    await expect(page.getByText(/tidak boleh disusun dari nama/)).toBeVisible();
    await box.fill('kerbau makan rumput di sawah basah');
    await expect(page.getByText(/^Kekuatan kata sandi: (Kuat|Sangat kuat)$/)).toBeVisible();
    await box.fill('12345678');
    await expect(page.getByText('Kekuatan kata sandi: Sangat lemah')).toBeVisible();
  });
  await expectAccessible(page, 'change password with the hint');
});
