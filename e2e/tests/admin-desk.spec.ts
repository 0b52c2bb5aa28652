import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { letterTypeByCode, requestReference } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { signIn } from './admin.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { ADMIN, HEAD, RESIDENT } from './fixtures.ts';

const ku = letterTypeByCode('ku')!;

test('a clerk takes a resident request from the queue to an issued letter, through a revision and the draft preview', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  // The resident files a business letter (through the API: the form has its own tests).
  const resident = await apiSession(request, RESIDENT);
  const filed = await request.post(ku.base, {
    headers: resident,
    data: LETTER_EXAMPLES.ku,
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const { id } = (await filed.json()).data as { id: number };
  const reference = requestReference('ku', id);

  await signIn(page, ADMIN, /\/admin$/);

  // The office's notification of the new request opens the desk's review page.
  const office = await apiSession(request, ADMIN);
  const notices = (await (await request.get('/api/notifications', { headers: office })).json())
    .data as { link: string | null }[];
  const link = notices.map((n) => n.link).find((l) => l === `/admin/service-ku/${id}`);
  expect(link, 'a notification about the new request').toBeDefined();

  // The queue: the request is there under Diajukan, with its reference.
  await page.goto('/admin/service-ku');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ku.title);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: reference, exact: true }) });
  await expect(row).toBeVisible();
  await expectAccessible(page, 'desk queue');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400); // the sidebar's 0.3 s slide
    await expect(row).toBeVisible();
    // The page itself never scrolls sideways (the tabs and the table scroll in their regions).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await photograph(page, `admin-desk-queue-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The review page, from the notification's link.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
  await expect(page.getByText(RESIDENT.name).first()).toBeVisible();
  await expectAccessible(page, 'desk review');
  const actions = page.getByRole('group', { name: 'Tindakan' });
  await expect(actions.getByRole('button', { name: 'Proses' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Terbitkan Surat' })).toHaveCount(0);

  // Minta Dilengkapi needs a note.
  await actions.getByRole('button', { name: 'Minta Dilengkapi' }).click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await dialog.getByRole('button', { name: 'Minta Dilengkapi' }).click();
  await expect(dialog).toContainText('Yang perlu dilengkapi wajib diisi.');
  await dialog
    .getByLabel('Yang perlu dilengkapi')
    .fill('Foto KTP kurang jelas, mohon unggah ulang.');
  await dialog.getByRole('button', { name: 'Minta Dilengkapi' }).click();
  await expect(page.getByText('Perlu Dilengkapi').first()).toBeVisible();
  await expect(page.getByText('Foto KTP kurang jelas, mohon unggah ulang.').first()).toBeVisible();

  // The resident, on their phone, corrects the request and sends it again.
  const phone = await browser.newPage({ viewport: { width: 375, height: 800 } });
  await signIn(phone, RESIDENT, /\/$/);
  await phone.goto(`/service/ku/${id}`);
  await expect(phone.getByText('Foto KTP kurang jelas, mohon unggah ulang.').first()).toBeVisible();
  await phone.getByRole('button', { name: 'Perbaiki dan kirim ulang' }).click();
  await phone.getByLabel('Alamat Usaha').fill('Jl. Raya Sukamaju 12 RT 003/RW 001');
  await phone.getByRole('button', { name: 'Kirim ulang permohonan' }).click();
  await expect(phone.getByText('Permohonan dikirim ulang ke petugas desa.')).toBeVisible();

  // The clerk sees it back under Diajukan, with the resident's correction in the timeline.
  await page.reload();
  await expect(page.getByText('Diajukan').first()).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Isian diubah, Diajukan' }),
  ).toContainText('Jl. Raya Sukamaju 12 RT 003/RW 001');

  // Processed, then sent for the Kepala Desa's signature after the draft preview.
  await page
    .getByRole('group', { name: 'Tindakan' })
    .getByRole('button', { name: 'Proses' })
    .click();
  await expect(page.getByText('Diproses').first()).toBeVisible();
  // The demo village's letters need the Kepala Desa's approval: no one-step issue.
  await expect(
    page.getByRole('group', { name: 'Tindakan' }).getByRole('button', { name: 'Terbitkan Surat' }),
  ).toHaveCount(0);
  await page
    .getByRole('group', { name: 'Tindakan' })
    .getByRole('button', { name: 'Ajukan Tanda Tangan' })
    .click();
  const preview = page.getByRole('region', { name: 'Periksa surat sebelum diterbitkan' });
  await expect(preview).toBeVisible();
  await expect(preview.locator('iframe')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400); // the sidebar's 0.3 s slide
    await photograph(page, `admin-desk-review-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await preview.getByRole('button', { name: 'Ajukan Tanda Tangan sekarang' }).click();
  await expect(page.getByText('Menunggu Tanda Tangan').first()).toBeVisible();

  // The Kepala Desa approves it (their screens have their own test, signing.spec.ts).
  const head = await apiSession(request, HEAD);
  const approved = await request.post('/api/signing/approve', {
    headers: head,
    data: { ids: [id], password: HEAD.password },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('Selesai').first()).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: /Unduh PDF/ })
      .or(page.getByRole('link', { name: /Unduh PDF/ })),
  ).toBeVisible();

  // The resident's copy is the issued letter, with a number; they download it on the phone.
  const done = (await (await request.get(`${ku.base}/${id}`, { headers: resident })).json()).data;
  expect(done.status).toBe('completed');
  expect(done.number).toMatch(/\//);
  await phone.goto(`/service/ku/${id}`);
  await expect(phone.getByRole('heading', { name: 'Surat sudah terbit' })).toBeVisible();
  const downloading = phone.waitForEvent('download');
  await phone.getByRole('button', { name: 'Unduh surat (PDF)' }).click();
  const file = await (await downloading).path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('SURAT KETERANGAN USAHA');
  expect(text).toContain(done.number);
  expect(text.replace(/\s+/g, ' ')).toContain('Jl. Raya Sukamaju 12 RT 003/RW 001');
  // Approved by the Kepala Desa, and it says so (read in text order: the line beside the QR
  // code shares its lines with the signature block when laid out).
  const flow = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(flow).toMatch(/Ditandatangani secara elektronik oleh .+ \(Kepala Desa\) pada /);
  await phone.close();
});
