import { expect, test } from '@playwright/test';
import { CONTENT_RESOURCES, type ContentResource } from '@balai/domain';
import { CONTENT_EXAMPLES } from '../../packages/domain/src/testing/content-examples.ts';
import { byLabel, fillField, signIn } from './admin.ts';
import { expectAccessible, photograph } from './checks.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';

/** The field a record is known by in lists and messages: its first text field. */
const titleField = (r: ContentResource) =>
  r.fields.find((f) => f.kind === 'text' || f.kind === 'select')!;

test('a resident who opens /admin lands on the home page', async ({ page }) => {
  await signIn(page, RESIDENT, /\/$/);
  await page.goto('/admin/home-header');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});

test('an administrator lands on the dashboard; the menu search filters by title', async ({
  page,
}) => {
  await signIn(page, ADMIN, /\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveTitle(/^Dashboard \| Pemerintah Desa/);
  await expect(page.getByText(/^Angka per \d\d\.\d\d WIB/)).toBeVisible();
  await expectAccessible(page, 'dashboard');

  const search = page.getByRole('searchbox', { name: 'Cari menu' });
  await search.fill('GALERI');
  await expect(page.getByRole('link', { name: 'Daftar Galeri' })).toBeVisible();
  await search.fill('tidak ada menu begini');
  await expect(page.getByText('Page not found.')).toBeVisible();
  // By keyboard: the first match opens with Enter.
  await search.fill('pekerj');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/admin\/about-job$/);
  const jobs = CONTENT_RESOURCES.find((r) => r.group === 'about-job')!;
  await expect(page.getByRole('heading', { level: 1, name: jobs.labels.plural })).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await photograph(page, `admin-dashboard-${width}`);
    await page.goto('/admin/home-header');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await photograph(page, `admin-content-list-${width}`);
    await page.goto('/admin/about-official/create');
    await expect(page.getByRole('button', { name: 'Buat' })).toBeVisible();
    await photograph(page, `admin-content-form-${width}`);
  }
  // On a phone the sidebar hides after navigation.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Tampilkan menu' }).click();
  await page
    .getByRole('navigation', { name: 'Menu admin' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('button', { name: 'Tampilkan menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('an administrator creates, edits and deletes an item of every content group', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN, /\/admin$/);
  for (const resource of CONTENT_RESOURCES) {
    const example = CONTENT_EXAMPLES[resource.key]!;
    const tf = titleField(resource);
    // A select's title takes an option the demo village does not use yet (it may be unique).
    const title = tf.kind === 'select' ? tf.options!.at(-1)! : `${String(example[tf.name])} E2E`;
    const checkA11y = resource.key === 'village-structures' || resource.key === 'homepage-headers';

    // Create.
    await page.goto(`/admin/${resource.group}/create`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Buat ${resource.labels.singular}`,
    );
    if (checkA11y) await expectAccessible(page, `${resource.key} create`);
    for (const field of resource.fields) {
      if (field.kind === 'image' && !field.required) continue;
      const value = field === tf ? title : example[field.name];
      if (value === undefined && field.kind !== 'image') continue;
      await fillField(page, field, value);
    }
    await page.getByRole('button', { name: 'Buat', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${resource.group}$`));
    await expect(page.getByText(`"${title}" dibuat.`)).toBeVisible();

    // Find it (search when the title is searchable), then edit.
    if (resource.searchable.includes(tf.name)) {
      await page.getByLabel('Cari', { exact: true }).fill(title);
      await page.getByRole('button', { name: 'Terapkan' }).click();
    }
    if (checkA11y) await expectAccessible(page, `${resource.key} list`);
    await page.getByRole('link', { name: `Ubah ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Ubah ${resource.labels.singular}`,
    );
    await expect(byLabel(page, tf.label)).toHaveValue(title);
    if (checkA11y) await expectAccessible(page, `${resource.key} edit`);
    const edited = `${title} diubah`;
    if (tf.kind === 'select') {
      // A select cannot take a new text: change another field instead.
      await page.getByRole('button', { name: 'Simpan' }).click();
    } else {
      await byLabel(page, tf.label).fill(edited);
      await page.getByRole('button', { name: 'Simpan' }).click();
    }
    const now = tf.kind === 'select' ? title : edited;
    await expect(page.getByText(`"${now}" disimpan.`)).toBeVisible();

    // Delete, after confirming.
    if (resource.searchable.includes(tf.name)) {
      await page.getByLabel('Cari', { exact: true }).fill(now);
      await page.getByRole('button', { name: 'Terapkan' }).click();
    }
    await page.getByRole('button', { name: `Hapus ${now}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hapus data?' });
    await expect(dialog).toContainText(now);
    await dialog.getByRole('button', { name: 'Hapus' }).click();
    await expect(page.getByText(`"${now}" dihapus.`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Hapus ${now}` })).toHaveCount(0);
  }
});

test('an uploaded gallery photo shows on the public gallery at once; a form asks before leaving', async ({
  page,
}) => {
  await signIn(page, ADMIN, /\/admin$/);
  const gallery = CONTENT_RESOURCES.find((r) => r.key === 'homepage-galleries')!;
  await page.goto(`/admin/${gallery.group}/create`);
  await byLabel(page, 'Judul').fill('Panen Raya Padi E2E');
  await fillField(
    page,
    gallery.fields.find((f) => f.kind === 'image')!,
    null,
  );
  await page.getByRole('button', { name: 'Buat', exact: true }).click();
  await expect(page.getByText('"Panen Raya Padi E2E" dibuat.')).toBeVisible();

  await page.goto('/gallery');
  const photo = page.getByRole('img', { name: 'Panen Raya Padi E2E' });
  await expect(photo).toBeVisible();
  const src = await photo.getAttribute('src');
  expect(src).toMatch(/\/files\/\d+/);
  expect((await page.request.get(src!)).status()).toBe(200);

  // Taken down again through the admin list, so later specs find the demo gallery as seeded.
  await page.goto(`/admin/${gallery.group}?search=${encodeURIComponent('Panen Raya Padi E2E')}`);
  await page.getByRole('button', { name: 'Hapus Panen Raya Padi E2E' }).click();
  await page
    .getByRole('alertdialog', { name: 'Hapus data?' })
    .getByRole('button', { name: 'Hapus' })
    .click();
  await expect(page.getByText('"Panen Raya Padi E2E" dihapus.')).toBeVisible();

  // Unsaved changes: leaving through the menu asks first; staying keeps what was typed.
  await page.goto(`/admin/${gallery.group}/create`);
  await byLabel(page, 'Judul').fill('Belum disimpan');
  await page
    .getByRole('navigation', { name: 'Menu admin' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  const ask = page.getByRole('alertdialog', { name: 'Tinggalkan halaman ini?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Tetap di sini' }).click();
  await expect(byLabel(page, 'Judul')).toHaveValue('Belum disimpan');
  await expect(page).toHaveURL(/\/create$/);
});
