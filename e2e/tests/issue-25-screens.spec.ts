import { expect, test, type Page } from '@playwright/test';
import { signIn } from './admin.ts';
import { apiSession, photograph, SCREENSHOTS } from './checks.ts';
import { ADMIN, HEAD, RESIDENT } from './fixtures.ts';
import path from 'node:path';

// Issue 25's screens at 375 and 1280 px, saved to e2e/artifacts/screenshots/issue25-*.png to be
// looked at: the menu search, the dashboard's words, the signing queue's empty state, formal names
// and the footer's X, the org chart, the top bar on a phone, the check page with a required photo
// missing, the issued letter's number, the desk's status tabs, the gallery's dates, the toasts'
// place and the identity fields verified by the office.

const WIDTHS = [375, 1280] as const;
// Every screen twice, full-page: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 240_000 });
const YOHANES = { email: 'yohanes.sitompul@sukamaju.desa.id', password: RESIDENT.password };

async function atBothWidths(page: Page, name: string, show: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await show();
    await photograph(page, `issue25-${name}-${width}`);
  }
}

test("public pages: formal names, the footer's X, the org chart, the village name on a phone", async ({
  page,
}) => {
  await atBothWidths(page, 'home', async () => {
    await page.goto('/');
    const services = page.getByRole('main');
    await expect(
      services.getByRole('link', { name: 'Surat Pengantar Izin Keramaian' }),
    ).toBeVisible();
    await expect(services.getByText('Surat Izin Rame Rame', { exact: true })).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: /^X\b/ })).toHaveAttribute(
      'href',
      /^https:\/\/x\.com\//,
    );
    await expect(footer.getByText('Twitter')).toHaveCount(0);
    // The village's name whole in the top bar, also at 375 px.
    const name = page.getByRole('banner').getByText('Sukamaju', { exact: true });
    await expect(name).toBeVisible();
    expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  });
  await atBothWidths(page, 'officials', async () => {
    await page.goto('/about/official');
    const kadus = page.getByRole('heading', { name: 'Di bawah Kasi Pemerintahan' });
    await expect(kadus).toBeVisible();
    // No line from the middle of the row above (the Kaur and the Kasi) down to the Kepala Dusun.
    await expect(page.locator('li[aria-labelledby]', { has: kadus })).toHaveAttribute(
      'data-joined',
      'false',
    );
  });
});

test("the resident: a missing required photo named before sending, the issued letter's number", async ({
  page,
  request,
}) => {
  const auth = await apiSession(request, RESIDENT);
  const me = (await (await request.get('/api/profile', { headers: auth })).json()).data as {
    id: number;
  };
  await signIn(page, RESIDENT, /\/$/);
  const born = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
  await page.evaluate(
    ({ id, born }) =>
      window.localStorage.setItem(
        `balai.draft.${id}.kkel`,
        JSON.stringify({
          raw: {
            baby_name: 'Aisyah Putri Ramadhani',
            baby_gender: 'Perempuan',
            baby_birth_date: born,
            birth_time: '03:15',
            birth_facility: 'Puskesmas',
            birth_city: 'Kabupaten Bogor',
            birth_type: 'Tunggal',
            birth_order: '2',
            birth_attendant: 'Bidan/Perawat',
            baby_weight: '3200',
            baby_length: '49,5',
            father_name: 'Dedi Kurniawan',
            father_nik: '3201011203880004',
            mother_name: 'Siti Rahmawati',
            mother_nik: '3201015507910002',
            reporter_relationship: 'Ayah kandung',
            purpose: 'Pembuatan Akta Kelahiran',
            phone: '081298765432',
          },
          idempotencyKey: crypto.randomUUID(),
          savedAt: Date.now(),
        }),
      ),
    { id: me.id, born },
  );
  const label = 'Surat keterangan lahir dari bidan, puskesmas atau rumah sakit';
  await atBothWidths(page, 'check-missing-photo', async () => {
    await page.goto('/service/kkel/periksa');
    await expect(
      page.getByRole('button', { name: 'Kirim permohonan' }),
    ).toHaveAccessibleDescription(`Belum dapat dikirim: lampirkan dulu foto ${label}.`);
  });
  await atBothWidths(page, 'check-missing-photo-summary', async () => {
    await page.goto('/service/kkel/periksa');
    await page.getByRole('button', { name: 'Kirim permohonan' }).click();
    await expect(page.getByRole('link', { name: `Lampirkan foto ${label}` })).toBeVisible();
  });

  const issued = (await (await request.get('/api/pdf-histories', { headers: auth })).json())
    .data[0] as { letter_request_id: number; type: string; number: string };
  const done = { id: issued.letter_request_id, type: issued.type };
  await atBothWidths(page, 'issued-number', async () => {
    await page.goto(`/service/${done.type}/${done.id}`);
    const number = page.getByTestId('nomor-surat');
    await expect(number).toHaveText(issued.number);
    await number.scrollIntoViewIfNeeded();
  });
});

test('the resident whose identity the office verified sees it as text with "Terverifikasi"', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, ADMIN);
  const found = await request.get('/api/users/list?search=yohanes', { headers: admin });
  const { id } = ((await found.json()).data as { id: number }[])[0]!;
  const verify = (on: boolean) =>
    request.put(`/api/users/update/${id}`, { headers: admin, data: { identity_verified: on } });
  expect((await verify(true)).status()).toBe(200);
  try {
    await signIn(page, YOHANES, /\/$/);
    await atBothWidths(page, 'profile-verified', async () => {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Ubah profil' }).click();
      await expect(page.locator('[data-locked-field="nik"]')).toContainText('Terverifikasi');
      await expect(page.getByRole('textbox', { name: /^NIK/ })).toHaveCount(0);
    });
  } finally {
    expect((await verify(false)).status()).toBe(200);
  }
});

test("the office: the dashboard's words and the menu search", async ({ page }) => {
  await signIn(page, ADMIN, /\/admin$/);
  await atBothWidths(page, 'dashboard', async () => {
    await page.goto('/admin');
    await expect(page.getByText('Menunggu tanda tangan', { exact: true })).toBeVisible();
    await expect(page.getByText('Menunggu kantor', { exact: true })).toBeVisible();
  });
  for (const query of ['surat usaha', 'akta', 'SKCK']) {
    await atBothWidths(page, `menu-search-${query.replace(' ', '-').toLowerCase()}`, async () => {
      await page.goto('/admin');
      const box = page.getByRole('searchbox', { name: 'Cari menu' });
      await box.fill(query);
      await expect(page.getByRole('search').getByText('Page not found.')).toHaveCount(0);
      await expect(page.getByRole('search').getByRole('link').first()).toBeVisible();
    });
  }
});

test("the office: the sidebar's Pengaturan, the desk's tabs, the gallery's dates", async ({
  page,
}) => {
  await signIn(page, ADMIN, /\/admin$/);
  await atBothWidths(page, 'sidebar', async () => {
    await page.goto('/admin/settings');
    // The page first (a lazy chunk): only then does "is the menu button shown" have an answer.
    await expect(page.getByRole('heading', { level: 1, name: 'Pengaturan' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Tampilkan menu' });
    if (await toggle.isVisible()) await toggle.click();
    await expect(
      page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', {
        name: 'Pengaturan Desa',
      }),
    ).toBeVisible();
  });
  await atBothWidths(page, 'desk-tabs', async () => {
    await page.goto('/admin/service-ku');
    const tabs = page.getByRole('navigation', { name: 'Status permohonan' });
    for (const link of await tabs.getByRole('link').all()) {
      // Every tab whole, none cut off.
      expect(await link.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
  });
  await atBothWidths(page, 'gallery-list', async () => {
    await page.goto('/admin/home-gallery');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
  });
});

test('the office: toasts below the top bar, off the bell and the user menu', async ({ page }) => {
  await signIn(page, ADMIN, /\/admin$/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.goto('/admin/settings');
    await page.getByRole('button', { name: 'Simpan' }).first().click();
    const toast = page.getByRole('region', { name: 'Pemberitahuan' }).locator('> *').first();
    await expect(toast).toBeVisible();
    // Below the top bar with the bell and the user menu, not over them.
    const bar = (await page.locator('header').first().boundingBox())!;
    const placed = (await toast.boundingBox())!;
    expect(placed.y).toBeGreaterThan(bar.y + bar.height);
    await page.screenshot({ path: path.join(SCREENSHOTS, `issue25-toast-${width}.png`) });
  }
});

test('the Kepala Desa\'s queue: "Tidak ada surat yang menunggu" when it is empty', async ({
  page,
  request,
}) => {
  const head = await apiSession(request, HEAD);
  const queue = await request.get('/api/signing/queue', { headers: head });
  expect(queue.status()).toBe(200);
  const waiting = (await queue.json()).meta.total as number;
  await signIn(page, HEAD, /\/admin/);
  await atBothWidths(page, 'signing-queue', async () => {
    await page.goto('/admin/signing');
    // Other specs of a whole run may have left letters waiting: then the count, else the words.
    await expect(
      waiting === 0
        ? page.getByText(/^Tidak ada surat yang menunggu\./)
        : page.getByText(`${waiting} surat menunggu, terlama di atas.`),
    ).toBeVisible();
  });
});
