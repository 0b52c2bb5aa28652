import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { letterTypeByCode } from '../../packages/domain/src/index.ts';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { signIn } from './admin.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';
import { issueThroughOffice } from './office.ts';

const ku = letterTypeByCode('ku')!;
/** The fake WhatsApp gateway e2e/start-server.mjs runs (e2e/fake-wa-gateway.mjs). */
const gateway = () =>
  (
    JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '../artifacts/data/wa-gateway.json'), 'utf8'),
    ) as { url: string }
  ).url;
const NUMBER = '6281234567890';

interface Sent {
  target: string;
  message: string;
}

async function messagesTo(request: APIRequestContext, target: string): Promise<Sent[]> {
  const res = await request.get(`${gateway()}/messages`);
  return ((await res.json()).data as Sent[]).filter((m) => m.target === target);
}

/** Waits until the gateway holds a message to `target` matching `re`; answers the match. */
async function waitForMessage(request: APIRequestContext, target: string, re: RegExp) {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        for (const m of await messagesTo(request, target)) found = re.exec(m.message) ?? found;
        return found !== null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Photographs at 375 and 1280 px once `ready` (what the picture is of) has loaded. */
async function bothWidths(page: Page, name: string, ready: (page: Page) => Locator) {
  for (const width of [375, 1280]) {
    // Loaded again at each width: the admin layout picks its sidebar or drawer on load.
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(ready(page)).toBeVisible();
    await photograph(page, `${name}-${width}`);
  }
}

test('a resident confirms WhatsApp with the code it sent; the clerk sees the notices delivered', async ({
  page: residentPage,
  browser,
  request,
}) => {
  let page = residentPage;
  test.setTimeout(180_000);
  // The resident: the profile's Pemberitahuan, a number, the code read from the "phone".
  await signIn(page, RESIDENT, /\/$/);
  await page.goto('/profile');
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Pemberitahuan', exact: true }),
  });
  await expect(section.getByText('Notifikasi aplikasi: selalu aktif.')).toBeVisible();
  await section.getByLabel('Nomor WhatsApp').fill('0812-3456-7890');
  await section.getByRole('button', { name: 'Kirim kode' }).click();
  await expect(section.getByText(`Kode dikirim ke WhatsApp ${NUMBER}`)).toBeVisible();
  const [, code] = await waitForMessage(request, NUMBER, /Kode konfirmasi WhatsApp Anda: (\d{6})/);
  await section.getByLabel('Kode konfirmasi').fill(code!);
  await expectAccessible(page, 'profile with a code to enter');
  await section.getByRole('button', { name: 'Konfirmasi' }).click();
  const whatsapp = section.getByRole('checkbox', { name: `WhatsApp ke ${NUMBER}` });
  await expect(whatsapp).toBeChecked();
  await expectAccessible(page, 'profile with WhatsApp confirmed');
  await bothWidths(page, 'notices-profile', (p) =>
    p.getByRole('checkbox', { name: `WhatsApp ke ${NUMBER}` }),
  );

  // A letter filed and issued: its notices go to the gateway; the desk shows them "Terkirim".
  const resident = await apiSession(request, RESIDENT);
  const filed = await request.post(ku.base, { headers: resident, data: LETTER_EXAMPLES.ku });
  expect(filed.status(), await filed.text()).toBe(201);
  const id = (await filed.json()).data.id as number;
  const { number } = await issueThroughOffice(request, ku.base, id);
  await waitForMessage(request, NUMBER, new RegExp(number.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
  for (const m of await messagesTo(request, NUMBER)) expect(m.message).not.toMatch(/\d{16}/);

  // The clerk, in a browser of their own.
  const clerk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await clerk.newPage();
  await signIn(page, ADMIN, /\/admin$/);
  await page.goto(`/admin/service-ku/${id}`);
  const notices = page.getByRole('region', { name: 'Pemberitahuan ke warga' });
  const items = notices.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  await expect(items.filter({ hasText: 'Terkirim' }).first()).toBeVisible({ timeout: 20_000 });
  await expect(notices).toContainText(/WhatsApp \(gateway\) ke 62\d+\*+7890/);
  await expect(notices).not.toContainText('Gagal');
  await expectAccessible(page, 'desk detail with notices');
  await bothWidths(page, 'notices-desk-detail', (p) =>
    p
      .getByRole('region', { name: 'Pemberitahuan ke warga' })
      .getByRole('listitem')
      .filter({ hasText: 'Terkirim' })
      .first(),
  );

  // The settings page: the gateway on, a test message reaches it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/settings/notices');
  const card = page.locator('article', {
    has: page.getByRole('heading', { name: 'WhatsApp (gateway)' }),
  });
  await expect(card.getByText('Aktif', { exact: true })).toBeVisible();
  await expect(card).toContainText('127.0.0.1');
  await expect(card).not.toContainText('e2e-wa-token');
  await expect(
    page.getByText('Tidak ada pemberitahuan yang gagal dalam rentang ini.'),
  ).toBeVisible();
  await expectAccessible(page, 'notice channels');
  await card.getByRole('button', { name: 'Kirim pesan uji' }).click();
  await card.getByLabel('Nomor WhatsApp tujuan').fill('0857 1234 5678');
  await card.getByRole('button', { name: 'Kirim', exact: true }).click();
  await waitForMessage(request, '6285712345678', /.+/);
  await expectAccessible(page, 'notice channels after a test message');
  await bothWidths(page, 'notices-settings', (p) =>
    p
      .locator('article', { has: p.getByRole('heading', { name: 'WhatsApp (gateway)' }) })
      .getByText('Aktif', { exact: true }),
  );
  await clerk.close();
});
