import { expect, test, type Page } from '@playwright/test';
import { signIn } from './admin.ts';
import { expectAccessible, photograph } from './checks.ts';
import { RESIDENT } from './fixtures.ts';

// Issue 23: the public pages arrive rendered by the server. With JavaScript off their content is
// there; with it on the browser app hydrates the same markup without a hydration warning.

interface SsrPage {
  name: string;
  path: string;
  /** Text of the page's own content, from the demo village. */
  text: string;
}

const PAGES: SsrPage[] = [
  { name: 'home', path: '/', text: 'Selamat Datang di Desa Sukamaju' },
  { name: 'about', path: '/about', text: 'Sejarah Desa' },
  { name: 'officials', path: '/about/official', text: 'H. Dedi Supriadi, S.Sos.' },
  { name: 'gallery', path: '/gallery', text: 'Pasar Desa Setiap Kamis' },
  { name: 'service', path: '/service', text: 'Surat Pengantar Izin Keramaian' },
];

const WIDTHS = [375, 1280];

/**
 * Every console error and page error, hydration warnings included (React's production build
 * names a mismatch only by its error number: #418, #419, #423, #425).
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat|error #4(18|19|23|25)\b/i.test(text)) {
      problems.push(text);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const width of WIDTHS) {
    for (const p of PAGES) {
      test(`${p.name} at ${width}px shows its content without scripts`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        const res = await page.goto(p.path);
        expect(res?.status()).toBe(200);
        await expect(page.getByText(p.text).first()).toBeVisible();
        // In place and shown: not held back for a script to reveal.
        await expect(page.locator('footer')).toBeVisible();
        await expect(page.locator('footer')).toContainText('Pemerintah Desa Sukamaju');
        await photograph(page, `ssr-nojs-${p.name}-${width}`);
      });
    }
  }
});

test.describe('JavaScript on', () => {
  for (const width of WIDTHS) {
    for (const p of PAGES) {
      test(`${p.name} at ${width}px hydrates without warnings`, async ({ page }) => {
        const problems = watchConsole(page);
        await page.setViewportSize({ width, height: 900 });
        await page.goto(p.path);
        // Hydrated: the router has taken the page over (a client navigation works).
        await page.waitForFunction(() => document.getElementById('balai-state') !== null);
        await page.waitForLoadState('networkidle');
        await expect(page.getByText(p.text).first()).toBeVisible();
        await expectAccessible(page, `${p.name} (${width}px, server-rendered)`);
        await photograph(page, `ssr-js-${p.name}-${width}`);
        expect(problems).toEqual([]);
      });
    }
  }

  test('a signed-in resident’s pages hydrate without a mismatch, then show the session', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, RESIDENT, /\/$/);
    const problems = watchConsole(page);
    for (const path of ['/', '/about']) {
      // A full load: the server's HTML (a guest's top bar), hydrated by a signed-in browser.
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(
        page.getByRole('button', { name: `Menu pengguna ${RESIDENT.name}` }),
      ).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Masuk' })).toHaveCount(0);
    }
    expect(problems).toEqual([]);
  });

  test('a button tapped before the scripts arrive is pressed once the page is hydrated', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    // The app's entry script held back for a second: the page is the server's HTML until then.
    let held = false;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      held = true;
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/gallery');
    await page.getByRole('button', { name: 'Pasar Desa Setiap Kamis' }).click();
    expect(held).toBe(true);
    expect(
      await page.evaluate(() => (window as { __balaiHydrated?: boolean }).__balaiHydrated),
    ).toBeFalsy();
    // Once hydrated, the held tap opens the photo, once.
    await expect(page.getByRole('dialog', { name: 'Pasar Desa Setiap Kamis' })).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('a page asks for its scripts only after it has painted', async ({ page }) => {
    for (const url of ['/about', '/service', '/']) {
      await page.goto(url);
      await page.waitForFunction(
        () => (window as { __balaiHydrated?: boolean }).__balaiHydrated === true,
      );
      const times = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        script: performance
          .getEntriesByType('resource')
          .find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name))?.startTime,
      }));
      expect(times.fcp, url).not.toBeNull();
      expect(times.script, url).toBeGreaterThan(times.fcp!);
    }
  });

  test('a page scrolled before the scripts arrive stays where the reader left it', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/service');
    await page.getByRole('link', { name: 'Surat Keterangan Usaha' }).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    release();
    await page.waitForFunction(
      () => (window as { __balaiHydrated?: boolean }).__balaiHydrated === true,
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    expect(problems).toEqual([]);
  });

  test('a link inside a hydrated page navigates in the app', async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('banner').getByRole('link', { name: 'Layanan' }).first().click();
    await expect(page).toHaveURL(/\/service$/);
    await expect(page.getByText('Surat Pengantar Izin Keramaian').first()).toBeVisible();
    // The same document: a client-side navigation, not a page load.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(problems).toEqual([]);
  });
});

test('preview tags and structured data read from the HTML', async ({ request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toMatch(/<meta property="og:title" content="Beranda \| Pemerintah Desa Sukamaju">/);
  expect(home).toMatch(/<meta property="og:image" content="[^"]+\/files\/\d+">/);
  expect(home).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
  expect(home).toMatch(/<link rel="canonical" href="[^"]+\/">/);
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(home)?.[1];
  expect(JSON.parse(ld ?? '{}')).toMatchObject({
    '@type': 'GovernmentOrganization',
    name: 'Pemerintah Desa Sukamaju',
  });
  const about = await (await request.get('/about')).text();
  expect(about).toMatch(/<title>Profil Desa \| Pemerintah Desa Sukamaju<\/title>/);
  expect(about).toMatch(/<meta property="og:description" content="Profil Desa Sukamaju: [^"]+">/);
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: .+\/sitemap\.xml/);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/about/official</loc>');
});

test('an unknown address answers 404 with the 404 page and the address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto('/tidak-ada-halaman-ini');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
  await expect(page.getByText('/tidak-ada-halaman-ini')).toBeVisible();
  await photograph(page, 'ssr-404-375');
  await context.close();
});
