import { expect, test } from '@playwright/test';
import { letterTypeByCode, requestReference } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { signIn } from './admin.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';

const ku = letterTypeByCode('ku')!;

test('a clerk works a request from the queue to Proses with the keyboard only', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const resident = await apiSession(request, RESIDENT);
  const filed = await request.post(ku.base, { headers: resident, data: LETTER_EXAMPLES.ku });
  expect(filed.status(), await filed.text()).toBe(201);
  const { id } = (await filed.json()).data as { id: number };
  const reference = requestReference('ku', id);

  await signIn(page, ADMIN, /\/admin$/);
  await page.goto('/admin/service-ku?status=submitted');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ku.title);
  await expect(page.getByText('Tekan ? untuk pintasan papan ketik')).toBeVisible();

  // "/" to the search, the reference, Enter: the queue shows that request.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Cari', exact: true })).toBeFocused();
  await page.keyboard.type(reference);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/search=KU-/);
  await expect(page.getByText('1 permohonan berstatus Diajukan cocok')).toBeVisible();
  const link = page.getByRole('link', { name: reference, exact: true });
  await expect(link).toBeVisible();

  // j puts focus on the first row (marked), Enter opens it.
  await page.keyboard.press('j');
  await expect(link).toBeFocused();
  await photograph(page, 'admin-desk-keyboard-queue-1280');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Permohonan ${reference}`);
  const actions = page.getByRole('group', { name: 'Tindakan' });
  await expect(actions).toBeVisible();
  const from = new URL(new URL(page.url()).searchParams.get('from')!, page.url());
  expect(from.pathname).toBe('/admin/service-ku');
  expect(Object.fromEntries(from.searchParams)).toEqual({ status: 'submitted', search: reference });

  // ? opens the help: a labelled dialog, checked with axe and photographed.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Pintasan papan ketik' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Buka permohonan berikutnya di daftar');
  await expect(help).toContainText('Proses');
  await expectAccessible(page, 'desk keyboard help');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400); // the sidebar's 0.3 s slide
    await expect(help).toBeVisible();
    await photograph(page, `admin-desk-keyboard-help-${width}`);
  }
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // Closing the help leaves the page where it was.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);

  // p: Proses, as its button (which says its key) does.
  await expect(actions.getByRole('button', { name: 'Proses' })).toHaveAttribute(
    'aria-keyshortcuts',
    'p',
  );
  await page.keyboard.press('p');
  await expect(
    page.getByRole('status').filter({ hasText: 'Permohonan sedang diproses.' }),
  ).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Proses' })).toHaveCount(0);
  const office = await apiSession(request, ADMIN);
  const now = (await (await request.get(`${ku.base}/${id}`, { headers: office })).json()).data;
  expect(now.status).toBe('processing');

  // u: back to the queue, its filters kept.
  await page.keyboard.press('u');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ku.title);
  await expect(page).toHaveURL(from.href);
});
