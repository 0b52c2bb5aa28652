import { expect, test } from '@playwright/test';
import { signIn } from './admin.ts';
import { letterTypeByCode, requestReference } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { apiSession, photograph } from './checks.ts';
import { ADMIN, HEAD, RESIDENT } from './fixtures.ts';

// Issue 18.2: the clerk's note to the Kepala Desa and the Kepala Desa's return note are the
// office's own. The resident's page and API never show them; the clerk does.
const ku = letterTypeByCode('ku')!;
const CLERK_NOTE = 'Internal: foto tempat usaha sudah dicek ke lokasi oleh Pak RT.';
const RETURN_NOTE = 'Internal: nama usaha di surat berbeda dengan papan nama di foto.';

/** Three people sign in in turn on a busy machine: pages get time to load. */
const SLOW = 30_000;

test('the Kepala Desa returns a letter with an internal note: the clerk sees it, the resident never', async ({
  page,
  browser,
  request,
}) => {
  // Three people sign in in turn on a busy machine.
  test.setTimeout(180_000);
  const resident = await apiSession(request, RESIDENT);
  const office = await apiSession(request, ADMIN);
  const filed = await request.post(ku.base, { headers: resident, data: LETTER_EXAMPLES.ku });
  expect(filed.status(), await filed.text()).toBe(201);
  const id = ((await filed.json()).data as { id: number }).id;
  const ref = requestReference('ku', id);
  for (const [status, note] of [
    ['processing', null],
    ['awaiting_signature', CLERK_NOTE],
  ] as const) {
    const res = await request.post(`${ku.base}/${id}/status`, {
      headers: office,
      data: { status, note },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  // The Kepala Desa sends it back with a note, in the browser.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, HEAD, /\/admin/, SLOW);
  await page.goto(`/admin/signing/${id}`);
  await expect(page.getByText(CLERK_NOTE)).toBeVisible({ timeout: SLOW });
  await page.getByRole('button', { name: 'Kembalikan' }).click();
  const back = page.getByRole('dialog');
  await back.getByLabel('Catatan untuk petugas').fill(RETURN_NOTE);
  await back.getByRole('button', { name: 'Kembalikan' }).click();
  await expect(page.getByText(`${ref} dikembalikan ke petugas dengan catatan Anda.`)).toBeVisible();

  // The resident, on a phone: the request page says it is being processed, without either note.
  const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await signIn(phone, RESIDENT, /\/$/, SLOW);
  await phone.goto(`/service/ku/${id}`);
  await expect(phone.getByRole('heading', { name: new RegExp(ref) }).first()).toBeVisible({
    timeout: SLOW,
  });
  await expect(phone.getByText('Diproses').first()).toBeVisible();
  await expect(phone.locator('body')).not.toContainText('Internal:');
  await photograph(phone, 'internal-note-resident-375');
  // Nor in their notices: the return is told without its note.
  await phone.goto('/notification');
  await expect(phone.getByText(/diperiksa kembali/).first()).toBeVisible({ timeout: SLOW });
  await expect(phone.locator('body')).not.toContainText('Internal:');

  // Nor anywhere in the API the resident reads: the request, the lists, the notices.
  for (const url of [
    `${ku.base}/${id}`,
    `${ku.base}?per_page=100`,
    '/api/letter-requests?per_page=100',
    '/api/notifications?per_page=100',
  ]) {
    const res = await request.get(url, { headers: resident });
    expect(res.status(), url).toBe(200);
    const body = await res.text();
    expect(body, url).not.toContain(CLERK_NOTE);
    expect(body, url).not.toContain(RETURN_NOTE);
  }
  const detail = (await (await request.get(`${ku.base}/${id}`, { headers: resident })).json())
    .data as { note: string | null; events: { to_status: string; note: string | null }[] };
  expect(detail.note).toBeNull();
  expect(detail.events.map((e) => e.to_status)).toContain('awaiting_signature');

  // The clerk sees both: the last note on the request and each in its history.
  const clerk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(clerk, ADMIN, /\/admin$/, SLOW);
  await clerk.goto(`/admin/service-ku/${id}`);
  await expect(clerk.getByText(RETURN_NOTE).first()).toBeVisible({ timeout: SLOW });
  await expect(clerk.getByText(CLERK_NOTE).first()).toBeVisible();
  await photograph(clerk, 'internal-note-clerk-1280');
  await phone.close();
  await clerk.close();
});
