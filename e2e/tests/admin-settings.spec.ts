import { expect, test } from '@playwright/test';
import { byLabel, signIn, testImage } from './admin.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { ADMIN } from './fixtures.ts';

const PREVIEW_API = '/api/settings/letter-number-preview';

test('an administrator renames the village and the public top bar shows it; the number preview follows the format', async ({
  page,
  request,
}) => {
  const auth = await apiSession(request, ADMIN);
  const stored = await request.get('/api/settings/admin', { headers: auth });
  expect(stored.status()).toBe(200);
  const original = (await stored.json()).data as Record<string, unknown>;

  try {
    await signIn(page, ADMIN, /\/admin$/);
    // The menu's "Pengaturan" opens the page.
    await page.getByRole('searchbox', { name: 'Cari menu' }).fill('pengaturan');
    await page.getByRole('searchbox', { name: 'Cari menu' }).press('Enter');
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pengaturan' })).toBeVisible();
    await expect(page).toHaveTitle(/^Pengaturan \| Pemerintah Desa/);
    await expect(byLabel(page, 'Nama desa')).toHaveValue(String(original.village_name));

    // The preview shows the number the next Surat Keterangan Usaha would get, as the server
    // would print it now, and follows the format as it is typed.
    const preview = page.getByTestId('letter-number-preview');
    const next = async (format: string) => {
      const res = await request.get(PREVIEW_API, {
        headers: auth,
        params: { format, type: 'ku', village_code: String(original.village_code ?? '') },
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()).data as { number: string }).number;
    };
    await expect(preview).toHaveText(await next(String(original.letter_number_format)));
    const format = byLabel(page, 'Format nomor surat');
    await format.fill('KET/{code}/{seq:5}/{month}/{year}');
    await expect(preview).toHaveText(await next('KET/{code}/{seq:5}/{month}/{year}'));
    await format.fill('{seq:4}/DS/{year}');
    await expect(preview).toHaveText(await next('{seq:4}/DS/{year}'));
    await format.fill('{seq}/{nomor}');
    await expect(preview).toHaveText('—');
    await expect(page.getByText(/penanda yang tidak dikenal: \{nomor\}/)).toBeVisible();
    await format.fill(String(original.letter_number_format));
    await expect(preview).toHaveText(await next(String(original.letter_number_format)));
    await expectAccessible(page, 'settings');

    // A link without https is refused on its field; the summary takes focus.
    await byLabel(page, 'Tautan YouTube').fill('http://youtube.com/desa');
    await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
    await expect(page.locator(':focus')).toContainText('Ada masalah');
    await expect(byLabel(page, 'Tautan YouTube')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'settings with an error');
    await byLabel(page, 'Tautan YouTube').fill(
      String((original.social as Record<string, string | null>).youtube ?? ''),
    );

    // A new logo (previewed while it uploads) and a new name: the toast, then the public top
    // bar has both without a reload.
    const upload = page.waitForResponse(
      (r) => r.url().endsWith('/api/files') && r.request().method() === 'POST',
    );
    await page.locator('input[type="file"][id="logo_file_id"]').setInputFiles({
      name: 'logo-baru.png',
      mimeType: 'image/png',
      buffer: await testImage(600, 600),
    });
    const uploaded = await upload;
    expect(uploaded.status()).toBe(201);
    const logoId = ((await uploaded.json()).data as { id: number }).id;
    await byLabel(page, 'Nama desa').fill('Sukamulya Uji');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Simpan pengaturan' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Pengaturan desa disimpan.')).toBeVisible();
    await expect(page).toHaveTitle('Pengaturan | Pemerintah Desa Sukamulya Uji');
    await page.getByRole('button', { name: /Administrator/ }).click();
    await page.getByRole('link', { name: 'Lihat Situs' }).click();
    await expect(page).toHaveURL(/\/$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Pemerintah Desa Sukamulya Uji')).toBeVisible();
    await expect(banner.locator(`img[src="/files/${logoId}/thumb"]`)).toBeVisible();
    await page.reload();
    await expect(banner.getByText('Pemerintah Desa Sukamulya Uji')).toBeVisible();
    await expect(banner.locator(`img[src="/files/${logoId}/thumb"]`)).toBeVisible();

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin/settings');
      await expect(preview).not.toHaveText('Memuat…');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await photograph(page, `admin-settings-${width}`);
    }
  } finally {
    // Later specs expect the seeded village's name (the seeded logo is gone once replaced: the
    // server removes images nothing uses, so the new one stays).
    const now = (await (await request.get('/api/settings/admin', { headers: auth })).json())
      .data as Record<string, unknown>;
    const {
      logo_url: _l,
      updated_at: _u,
      ...body
    }: Record<string, unknown> = { ...original, logo_file_id: now.logo_file_id };
    const restored = await request.put('/api/settings', { headers: auth, data: body });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
