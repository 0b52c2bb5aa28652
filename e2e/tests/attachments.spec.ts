import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { letterTypeByCode } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { fillField } from './admin.ts';
import { apiSession, expectAccessible, photograph } from './checks.ts';
import { ADMIN, RESIDENT } from './fixtures.ts';

const kkel = letterTypeByCode('kkel')!;
const BIRTH_LETTER = 'Surat keterangan lahir dari bidan, puskesmas atau rumah sakit';
/** Another demo resident (same demo password). */
const BUDI = { email: 'budi.santoso@sukamaju.desa.id', password: RESIDENT.password };
/** A cheap phone's upload on a weak mobile signal: 1.6 Mbit/s up and down, 150 ms away. */
const SLOW_MOBILE = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 1_600_000 / 8,
};

/**
 * A phone camera's JPEG of about 4 MB: 4000 × 3000 px (12 MP), grain over a gradient and a
 * "document" so it compresses like a photo, with camera EXIF.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const page = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#6b705c"/><stop offset="1" stop-color="#cb997e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="700" y="300" width="2600" height="2400" fill="#fbfaf5"/>${Array.from(
    { length: 40 },
    (_, i) =>
      `<rect x="900" y="${500 + i * 52}" width="${1400 + ((i * 373) % 800)}" height="18" fill="#333"/>`,
  ).join('')}</svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(page))
    .composite([{ input: grain, blend: 'soft-light' }])
    .withMetadata({ exif: { IFD0: { Make: 'Balai', Model: 'Ponsel Uji' } } })
    .jpeg({ quality: 94 })
    .toBuffer();
}

/** A requirement's item in the checklist. */
const item = (page: Page, key: string) => page.locator(`li[data-requirement="${key}"]`);

test('a resident photographs two requirements and sends them; the office reads them, another resident gets 404', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });

  await page.goto('/service/kkel');
  await page.getByRole('link', { name: 'Masuk untuk mengajukan' }).click();
  await page.getByLabel(/^E-mail/).fill(RESIDENT.email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(RESIDENT.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/service\/kkel$/);

  const example = LETTER_EXAMPLES.kkel;
  for (const f of kkel.fields) {
    if (f.name === 'phone') continue;
    await fillField(page, f, example[f.name]);
  }
  await page.getByRole('button', { name: 'Lanjutkan' }).click();
  await expect(page.getByRole('heading', { name: 'Periksa jawaban Anda' })).toBeFocused();

  // The checklist: each requirement with how it is handed in.
  const checklist = page.getByRole('region', { name: 'Dokumen persyaratan' });
  await expect(checklist).toBeVisible();
  await expect(item(page, 'keterangan_lahir')).toContainText('Wajib diunggah');
  await expect(item(page, 'keterangan_lahir')).toContainText(
    'Belum dilampirkan — wajib sebelum dikirim.',
  );
  await expect(item(page, 'kk')).toContainText('Unggah atau bawa ke kantor');
  await expectAccessible(page, '/service/kkel/periksa (requirements)');

  // Without the midwife's letter the request is not sent, and the answer says what is missing.
  await page.getByRole('button', { name: 'Kirim permohonan' }).click();
  // The summary names the missing photo as a link to its block (issue 25.6).
  await expect(page.getByLabel('Ada masalah')).toContainText(
    'Permohonan belum dikirim: foto dokumen yang wajib belum dilampirkan.',
  );
  await expect(
    page.getByLabel('Ada masalah').getByRole('link', { name: `Lampirkan foto ${BIRTH_LETTER}` }),
  ).toBeVisible();

  // The midwife's letter from the camera, over a slow mobile connection: the 4 MB photo is
  // shrunk in the browser before it is sent.
  const original = await phonePhoto();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_MOBILE);
  const sentBirth = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes('/attachments?requirement=keterangan_lahir'),
  );
  const started = Date.now();
  await item(page, 'keterangan_lahir')
    .getByLabel(`Ambil foto ${BIRTH_LETTER}`)
    .setInputFiles({ name: 'IMG_20261123_101500.jpg', mimeType: 'image/jpeg', buffer: original });
  const birthRequest = await sentBirth;
  await expect(
    item(page, 'keterangan_lahir').getByRole('progressbar', {
      name: `Mengunggah foto ${BIRTH_LETTER}`,
    }),
  ).toBeVisible();
  await expect(item(page, 'keterangan_lahir')).toContainText('Sudah dilampirkan (1 foto).', {
    timeout: 60_000,
  });
  const uploadSeconds = (Date.now() - started) / 1000;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // The whole multipart body as it went over the wire (the file and its few headers).
  const sentBytes = Number(await birthRequest.headerValue('content-length'));
  expect(original.length).toBeGreaterThan(3.5 * 1024 * 1024);
  expect(sentBytes).toBeGreaterThan(20 * 1024);
  expect(sentBytes).toBeLessThan(400 * 1024);
  const figures = {
    original_bytes: original.length,
    original_px: '4000x3000',
    sent_bytes: sentBytes,
    network: '1.6 Mbit/s up and down, 150 ms latency (Chromium network emulation)',
    upload_seconds_including_shrink: Math.round(uploadSeconds * 10) / 10,
    measured_at: new Date().toISOString(),
  };
  fs.mkdirSync(path.join(import.meta.dirname, '..', 'artifacts'), { recursive: true });
  fs.writeFileSync(
    path.join(import.meta.dirname, '..', 'artifacts', 'attachment-upload.json'),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
  console.log('attachment upload', figures);

  // The KTP from the gallery, on a connection that drops: "Coba lagi" sends it again.
  await page.route('**/attachments?requirement=ktp', (route) => route.abort('connectionreset'), {
    times: 1,
  });
  const ktp = await sharp({
    create: { width: 1200, height: 760, channels: 3, background: '#d8e2dc' },
  })
    .jpeg()
    .toBuffer();
  await item(page, 'ktp')
    .getByLabel('Pilih dari galeri Fotokopi KTP')
    .setInputFiles({ name: 'ktp.jpg', mimeType: 'image/jpeg', buffer: ktp });
  await expect(item(page, 'ktp')).toContainText('Koneksi terputus, foto belum terkirim.');
  await item(page, 'ktp')
    .getByRole('button', { name: /^Coba lagi/ })
    .click();
  await expect(item(page, 'ktp')).toContainText('Sudah dilampirkan (1 foto).');
  // Its thumbnail, loaded through the session.
  const thumb = item(page, 'ktp').locator('img');
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await photograph(page, 'resident-requirements-check-375');
  await expectAccessible(page, '/service/kkel/periksa (photos attached)');

  await page.getByRole('button', { name: 'Kirim permohonan' }).click();
  await expect(page.getByRole('heading', { name: 'Permohonan terkirim' })).toBeFocused();
  const reference = (await page.locator('strong', { hasText: /^KKEL-\d{6}$/ }).textContent())!;
  const id = Number(reference.split('-')[1]);

  // The confirmation lists exactly what is still to be brought: the requirements without a photo.
  const bring = page
    .getByRole('heading', { name: 'Dokumen yang dibawa ke kantor desa' })
    .locator('xpath=following-sibling::ul[1]');
  await expect(bring.getByRole('listitem')).toHaveText([
    'Fotokopi Kartu Keluarga',
    'Surat Pengantar RT/RW',
    'Fotokopi Buku Nikah atau Akta Perkawinan orang tua',
    'Fotokopi KTP dua orang saksi',
  ]);
  // The request's page shows both photos.
  await expect(item(page, 'keterangan_lahir')).toContainText('Sudah dilampirkan (1 foto).');
  await expect(item(page, 'ktp')).toContainText('Sudah dilampirkan (1 foto).');
  await page.getByRole('button', { name: `Lihat foto 1 ${BIRTH_LETTER}` }).click();
  const viewer = page.getByRole('dialog', { name: `Foto ${BIRTH_LETTER}` });
  await expect(viewer.getByRole('img')).toBeVisible();
  await expectAccessible(page, '/service/kkel/{id} (photo open)');
  await viewer.getByRole('button', { name: 'Tutup' }).first().click();
  await expect(viewer).toBeHidden();
  await photograph(page, 'resident-requirements-sent-375');
  await expectAccessible(page, '/service/kkel/{id}?terkirim=1 (photos)');

  // The office reads them through the API; another resident gets the request's 404.
  const office = await apiSession(request, ADMIN);
  const list = await request.get(`${kkel.base}/${id}/attachments`, { headers: office });
  expect(list.status()).toBe(200);
  const photos = (await list.json()).data as { requirement: string; url: string; size: number }[];
  expect(photos.map((p) => p.requirement)).toEqual(['keterangan_lahir', 'ktp']);
  const birth = await request.get(photos[0]!.url, { headers: office });
  expect(birth.status()).toBe(200);
  expect(birth.headers()['content-type']).toBe('image/jpeg');
  expect(birth.headers()['cache-control']).toBe('private, no-store');
  const stored = await sharp(await birth.body()).metadata();
  expect(Math.max(stored.width!, stored.height!)).toBeLessThanOrEqual(1600);
  expect(stored.exif).toBeUndefined();
  expect(photos[0]!.size).toBeLessThanOrEqual(500 * 1024);

  const budi = await apiSession(request, BUDI);
  for (const url of [`${kkel.base}/${id}/attachments`, photos[0]!.url, `${photos[1]!.url}/thumb`]) {
    const res = await request.get(url, { headers: budi });
    expect(res.status(), url).toBe(404);
  }
  expect((await request.get(photos[0]!.url)).status()).toBe(401);
});
