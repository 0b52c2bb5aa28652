import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

const SCREENSHOTS = path.join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface PublicPage {
  name: string;
  path: string;
  heading: RegExp;
  /** Something that only shows once the page's data from the demo village has arrived. */
  content: (page: Page) => ReturnType<Page['getByText']>;
  /** What shows only after scrolling down (lazy sections). */
  below?: (page: Page) => ReturnType<Page['getByText']>;
}

const PAGES: PublicPage[] = [
  {
    name: 'home',
    path: '/',
    heading: /Beranda Pemerintah Desa Sukamaju/,
    content: (page) => page.getByRole('heading', { name: 'Selamat Datang di Desa Sukamaju' }),
  },
  {
    name: 'about',
    path: '/about',
    heading: /Profil Desa Sukamaju/,
    content: (page) => page.getByRole('heading', { name: 'Sejarah Desa' }),
    below: (page) => page.getByRole('img', { name: /^Penduduk menurut pekerjaan: 15 kategori/ }),
  },
  {
    name: 'officials',
    path: '/about/official',
    heading: /Aparat Desa/,
    content: (page) => page.getByText('H. Dedi Supriadi, S.Sos.'),
  },
  {
    name: 'gallery',
    path: '/gallery',
    heading: /Galeri/,
    content: (page) => page.getByRole('button', { name: 'Pasar Desa Setiap Kamis' }),
  },
  {
    name: 'service',
    path: '/service',
    heading: /Layanan Surat/,
    content: (page) => page.getByRole('heading', { name: 'Surat Pengantar Izin Keramaian' }),
  },
  {
    name: 'service-ku',
    path: '/service/ku',
    heading: /Usaha/,
    content: (page) => page.getByRole('link', { name: 'Masuk untuk mengajukan' }),
  },
  {
    name: 'verify-unknown',
    path: '/verify/kode-yang-tidak-ada',
    heading: /Surat tidak ditemukan/,
    content: (page) => page.getByText('Tidak ada surat terbitan desa dengan kode ini.'),
  },
  {
    name: 'login',
    path: '/auth/login',
    heading: /Masuk/,
    content: (page) => page.getByLabel('E-mail'),
  },
];

test.beforeAll(() => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

for (const entry of PAGES) {
  test(`${entry.path} shows the demo village's content, passes axe and is photographed`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // The carousel stays still, so the screenshots and the scan see one slide.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeAttached();
      await expect(entry.content(page)).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      // Lazy images and the lazy chart chunk: scroll through, then wait for the network.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 30));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('status')).toHaveCount(0);
      if (entry.below) await expect(entry.below(page)).toBeAttached();
      await page.screenshot({
        path: path.join(SCREENSHOTS, `${entry.name}-${width}.png`),
        fullPage: true,
      });

      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary, `axe at ${width}px`).toEqual([]);
    }
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
}

test('the home carousel can be paused and stepped with labelled buttons', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Sorotan desa' });
  await carousel.getByRole('button', { name: 'Jeda slide otomatis' }).click();
  await expect(carousel.getByRole('button', { name: 'Putar slide otomatis' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Slide berikutnya' }).click();
  await expect(page.getByRole('heading', { name: 'Urus Surat dari Rumah' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Slide sebelumnya' }).click();
  await expect(
    page.getByRole('heading', { name: 'Selamat Datang di Desa Sukamaju' }),
  ).toBeVisible();
  const hero = page.locator('img[fetchpriority="high"]');
  await expect(hero).toHaveCount(1);
  await expect(hero).toHaveAttribute('loading', 'eager');
});

test('the gallery lightbox moves with the arrow keys and gives focus back on Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/gallery');
  const first = page.getByRole('button', { name: 'Pasar Desa Setiap Kamis' });
  await first.click();
  const dialog = page.getByRole('dialog', { name: 'Pasar Desa Setiap Kamis' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Pasar Desa Setiap Kamis' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'gallery-lightbox-375.png') });
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog')).toContainText('Foto 2 dari');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Pasar Desa Setiap Kamis' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();
});

test('signed out, a service page sends the visitor to log in and back again', async ({ page }) => {
  await page.goto('/service');
  await page.getByRole('link', { name: 'Surat Keterangan Usaha' }).click();
  await expect(page).toHaveURL(/\/service\/ku$/);
  await page.getByRole('link', { name: 'Masuk untuk mengajukan' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fservice%2Fku$/);
});
