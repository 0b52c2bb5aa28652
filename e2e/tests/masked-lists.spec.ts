import { expect, test } from '@playwright/test';
import { signIn } from './admin.ts';
import { apiSession, photograph } from './checks.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';

// Issue 18.8: the office's lists show NIK and No. KK by their last four digits; the screens
// that show them read as before (they showed the last four already), the detail is whole.

/** Siti's NIK in the demo village (as admin-users.spec.ts knows it). */
const SITI_NIK = '3201014506880002';

/** Every run of 16 digits in a text: a whole NIK or No. KK. */
const wholeNumbers = (text: string) => text.match(/\d{16}/g) ?? [];

test('the lists show NIK and No. KK by their last digits, at 375 and 1280 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const office = await apiSession(request, ADMIN);
  const list = await request.get('/api/users/list?role=WARGA&per_page=100', { headers: office });
  const residents = (await list.json()).data as { email: string; nik: string | null }[];
  expect(wholeNumbers(JSON.stringify(residents))).toEqual([]);
  const siti = residents.find((u) => u.email === RESIDENT.email)!;
  expect(siti.nik).toBe(`************${SITI_NIK.slice(-4)}`);
  const lastFour = SITI_NIK.slice(-4);

  await signIn(page, ADMIN, /\/admin$/, 30_000);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/user');
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    expect(wholeNumbers(await page.locator('main').innerText())).toEqual([]);
    await photograph(page, `masked-users-list-${width}`);

    await page.goto('/admin/service-ku');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    expect(wholeNumbers(await page.locator('main').innerText())).toEqual([]);
    await photograph(page, `masked-desk-list-${width}`);

    // The desk's resident picker finds Siti by her NIK's first digits and names the last four.
    await page.goto('/admin/service-ku/create');
    await page.getByLabel('Cari warga').fill(SITI_NIK.slice(0, 10));
    await page.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect(page.getByText(`NIK berakhiran ${lastFour}`).first()).toBeVisible({
      timeout: 30_000,
    });
    expect(wholeNumbers(await page.locator('main').innerText())).toEqual([]);
    await photograph(page, `masked-desk-picker-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
});
