import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentResourceByKey, type ContentResource } from '@balai/domain';
import { isoPlus } from '../src/lib/time.ts';
import { findFileForServing, insertFile } from '../src/repositories/files.ts';
import { uploadMessages } from '../src/services/upload-check.ts';
import { exampleBody, jpeg, storeImage, upload } from './content-fixtures.ts';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';

/** A one-file ZIP archive (stored, not deflated), as appended in JPEG+ZIP polyglots. */
function zip(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('images: upload, storage and serving', () => {
  let ctx: TestContext;
  let token: string;
  let residentToken: string;
  const headers = contentResourceByKey('homepage-headers') as ContentResource;
  const galleries = contentResourceByKey('homepage-galleries') as ContentResource;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    token = await login(ctx.app, admin.email);
    const resident = await makeUser(ctx.testDb.db);
    residentToken = await login(ctx.app, resident.email);
  });
  afterAll(async () => ctx.close());

  const fileCount = async () =>
    Number(
      (
        await ctx.testDb.db.kysely
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const get = (url: string, extra: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: extra });
  const fileExists = async (id: number) =>
    (await ctx.testDb.db.kysely
      .selectFrom('files')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;
  /** What is stored (and served) for an image: the large WebP or the thumbnail. */
  const stored = async (id: number, variant: 'original' | 'thumb' = 'original') => {
    const file = await findFileForServing(ctx.testDb.db.kysely, id, variant);
    if (!file?.bytes) throw new Error(`no ${variant} for file ${id}`);
    return file.bytes;
  };

  describe('POST /api/files', () => {
    it('accepts JPEG, PNG, WebP, GIF and AVIF, recognised by content, and stores WebP', async () => {
      const base = sharp(await jpeg(300, 200));
      const formats: [string, Buffer][] = [
        ['foto.jpg', await base.clone().jpeg().toBuffer()],
        ['foto.png', await base.clone().png().toBuffer()],
        ['foto.webp', await base.clone().webp().toBuffer()],
        ['foto.gif', await base.clone().gif().toBuffer()],
        ['foto.avif', await base.clone().avif().toBuffer()],
        // The name and declared type do not matter: a PNG called .jpg is a PNG.
        ['bukan-png.jpg', await base.clone().png().toBuffer()],
      ];
      for (const [filename, data] of formats) {
        const res = await upload(ctx.app, token, [{ filename, type: 'image/jpeg', data }]);
        expect(res.statusCode, `${filename}: ${res.body}`).toBe(201);
        const file = res.json().data;
        expect(file).toMatchObject({
          mime: 'image/webp',
          url: {
            original: `/files/${file.id}`,
            thumb: `/files/${file.id}/thumb`,
            width: 300,
            height: 200,
            thumb_width: 300,
            thumb_height: 200,
          },
        });
        const bytes = await stored(file.id);
        expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(file.sha256).toBe(sha256(bytes));
        expect(file.size).toBe(bytes.length);
      }
    });

    it('scales large images to 1920 px wide with a 480 px thumbnail, never enlarging', async () => {
      const res = await upload(ctx.app, token, [
        { filename: 'besar.jpg', data: await jpeg(2400, 1200) },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.url).toMatchObject({
        width: 1920,
        height: 960,
        thumb_width: 480,
        thumb_height: 240,
      });
      const thumb = await stored(res.json().data.id, 'thumb');
      expect(await sharp(thumb).metadata()).toMatchObject({
        format: 'webp',
        width: 480,
        height: 240,
      });
    });

    it('takes photos of several megabytes (the 1 MB JSON body limit does not apply)', async () => {
      const photo = await sharp({
        create: {
          width: 2000,
          height: 1500,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
      const res = await upload(ctx.app, token, [{ filename: 'kamera.jpg', data: photo }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.url).toMatchObject({ width: 1920, height: 1440 });
    });

    it('strips EXIF (camera, owner, GPS) and applies the orientation before dropping it', async () => {
      const withExif = await sharp(await jpeg(200, 100))
        .withMetadata({
          orientation: 6,
          exif: {
            IFD0: { Artist: 'Budi Santoso', Copyright: 'Rahasia Desa', Make: 'KameraX' },
            IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 35/1 0/1' },
          },
        })
        .jpeg()
        .toBuffer();
      const before = await sharp(withExif).metadata();
      expect(before.exif?.length).toBeGreaterThan(0);
      expect(withExif.toString('latin1')).toContain('Rahasia Desa');

      const res = await upload(ctx.app, token, [{ filename: 'exif.jpg', data: withExif }]);
      expect(res.statusCode, res.body).toBe(201);
      for (const variant of ['original', 'thumb'] as const) {
        const bytes = await stored(res.json().data.id, variant);
        const meta = await sharp(bytes).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(bytes.toString('latin1')).not.toMatch(/Rahasia Desa|Budi Santoso|KameraX|EXIF/);
      }
      // Rotated 90° by its orientation tag: 200×100 becomes 100×200.
      expect(res.json().data.url).toMatchObject({ width: 100, height: 200 });
    });

    it('refuses what is not a plain image, with the right status and a clear message', async () => {
      const photo = await jpeg(64, 64);
      const html =
        '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>';
      const bombPng = await sharp({
        create: { width: 8000, height: 6000, channels: 3, background: '#2d6a4f' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const heic = Buffer.concat([
        Buffer.from([0, 0, 0, 24]),
        Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
        Buffer.alloc(64),
      ]);
      const tooBig = Buffer.concat([
        photo.subarray(0, 4),
        Buffer.alloc(10 * 1024 * 1024 + 1000, 7),
      ]);
      const cases: [string, Parameters<typeof upload>[2], number, string | RegExp][] = [
        [
          'SVG',
          [{ filename: 'logo.svg', type: 'image/svg+xml', data: svg }],
          415,
          uploadMessages.svg,
        ],
        [
          'HTML renamed .jpg',
          [{ filename: 'foto.jpg', type: 'image/jpeg', data: html }],
          415,
          uploadMessages.unsupported,
        ],
        [
          'text with image/png type',
          [{ filename: 'a.png', type: 'image/png', data: 'bukan gambar' }],
          415,
          uploadMessages.unsupported,
        ],
        [
          'HEIC',
          [{ filename: 'iphone.heic', type: 'image/heic', data: heic }],
          415,
          uploadMessages.heic,
        ],
        [
          'JPEG header followed by HTML',
          [{ filename: 'x.jpg', data: Buffer.concat([photo.subarray(0, 20), Buffer.from(html)]) }],
          422,
          uploadMessages.payload,
        ],
        [
          'valid JPEG with a script appended',
          [
            {
              filename: 'x.jpg',
              data: Buffer.concat([photo, Buffer.from('<script>alert(1)</script>')]),
            },
          ],
          422,
          uploadMessages.payload,
        ],
        [
          'valid JPEG with a ZIP appended',
          [{ filename: 'x.jpg', data: Buffer.concat([photo, zip('shell.php', '<?= 1 ?>')]) }],
          422,
          uploadMessages.payload,
        ],
        [
          'PNG signature with garbage',
          [
            {
              filename: 'x.png',
              data: Buffer.concat([
                photo.subarray(0, 0),
                Buffer.from('89504e470d0a1a0a', 'hex'),
                Buffer.alloc(200, 1),
              ]),
            },
          ],
          422,
          uploadMessages.corrupt,
        ],
        [
          'more than 40 megapixels',
          [{ filename: 'besar.png', data: bombPng }],
          422,
          /^Gambar terlalu besar: 48 megapiksel\. Maksimal 40 megapiksel/,
        ],
        ['over 10 MB', [{ filename: 'besar.jpg', data: tooBig }], 413, uploadMessages.tooLarge],
        [
          'two files',
          [
            { filename: 'a.jpg', data: photo },
            { filename: 'b.jpg', data: photo },
          ],
          422,
          'Unggah satu gambar saja setiap kali.',
        ],
        [
          'no file at all',
          [{ name: 'judul', data: 'tanpa berkas' }],
          422,
          'Pilih gambar yang akan diunggah.',
        ],
        [
          'an empty file',
          [{ filename: 'kosong.jpg', data: Buffer.alloc(0) }],
          422,
          uploadMessages.empty,
        ],
      ];
      const before = await fileCount();
      for (const [why, parts, status, message] of cases) {
        const res = await upload(ctx.app, token, parts);
        expect(res.statusCode, `${why}: ${res.body}`).toBe(status);
        expect(res.json().message, why).toMatch(message);
        expect(res.json().errors.file[0], why).toMatch(message);
      }
      expect(await fileCount()).toBe(before);
    });

    it('takes multipart only: JSON is refused with 415', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: bearer(token),
        payload: { file: 'data:image/png;base64,AAAA' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/multipart\/form-data/);
    });

    it('is for administrators only', async () => {
      const data = await jpeg(32, 32);
      expect((await upload(ctx.app, null, [{ filename: 'a.jpg', data }])).statusCode).toBe(401);
      expect((await upload(ctx.app, residentToken, [{ filename: 'a.jpg', data }])).statusCode).toBe(
        403,
      );
    });

    it('leaves JSON routes untouched by multipart', async () => {
      const data = await jpeg(32, 32);
      const body = (await import('./content-fixtures.ts')).multipart([{ filename: 'a.jpg', data }]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: headers.base,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('GET /files/{id}', () => {
    let id: number;
    let bytes: Buffer;

    beforeAll(async () => {
      const res = await upload(ctx.app, token, [{ filename: 'a.jpg', data: await jpeg(900, 600) }]);
      id = res.json().data.id;
      bytes = await stored(id);
    });

    it('serves the WebP with its sha256 as ETag, a year of immutable caching and nosniff', async () => {
      const res = await get(`/files/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers.etag).toBe(`"${sha256(res.rawPayload)}"`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

      const thumb = await get(`/files/${id}/thumb`);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers.etag).toBe(`"${sha256(bytes)}-thumb"`);
      expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(thumb.rawPayload.length).toBeLessThan(bytes.length);
    });

    it('answers 304 without a body when the ETag matches', async () => {
      const etag = `"${sha256(bytes)}"`;
      for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await get(`/files/${id}`, { 'if-none-match': value });
        expect(res.statusCode, value).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
      }
      const stale = await get(`/files/${id}`, { 'if-none-match': '"lama"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(bytes)).toBe(true);
      const thumb = await get(`/files/${id}/thumb`, {
        'if-none-match': `"${sha256(bytes)}-thumb"`,
      });
      expect(thumb.statusCode).toBe(304);
    });

    it('answers HEAD with the headers only', async () => {
      const res = await ctx.app.inject({ method: 'HEAD', url: `/files/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(`"${sha256(bytes)}"`);
      expect(res.rawPayload.length).toBe(0);
    });

    it('never serves issued letters (PDF files), nor files that do not exist', async () => {
      const pdf = await insertFile(ctx.testDb.db.kysely, {
        kind: 'pdf',
        mime: 'application/pdf',
        bytes: Buffer.from('%PDF-1.7 surat rahasia warga'),
      });
      for (const url of [
        `/files/${pdf}`,
        `/files/${pdf}/thumb`,
        '/files/999999',
        '/files/abc',
        '/files/0',
      ]) {
        for (const extra of [{}, { 'if-none-match': '*' }] as Record<string, string>[]) {
          const res = await get(url, extra);
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.body).not.toContain('rahasia');
        }
      }
    });
  });

  describe('removing images nothing uses', () => {
    const create = async (r: ContentResource, image: number) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: r.base,
        headers: bearer(token),
        payload: exampleBody(r, { image }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number };
    };
    const send = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

    it('deletes the old image when a record changes its image, and on delete', async () => {
      const a = await storeImage(ctx.testDb.db);
      const b = await storeImage(ctx.testDb.db);
      const record = await create(headers, a);
      const changed = await send(
        'PUT',
        `${headers.base}/${record.id}`,
        exampleBody(headers, { image: b }),
      );
      expect(changed.statusCode).toBe(200);
      expect(await fileExists(a)).toBe(false);
      expect(await fileExists(b)).toBe(true);
      // Saving again with the same image keeps it.
      expect(
        (await send('PUT', `${headers.base}/${record.id}`, exampleBody(headers, { image: b })))
          .statusCode,
      ).toBe(200);
      expect(await fileExists(b)).toBe(true);
      expect((await send('DELETE', `${headers.base}/${record.id}`)).statusCode).toBe(200);
      expect(await fileExists(b)).toBe(false);
    });

    it('keeps an image another record, of any resource, or the settings logo still uses', async () => {
      const shared = await storeImage(ctx.testDb.db);
      const header = await create(headers, shared);
      const photo = await create(galleries, shared);
      expect((await send('DELETE', `${headers.base}/${header.id}`)).statusCode).toBe(200);
      expect(await fileExists(shared)).toBe(true);

      const settings = await ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: bearer(token),
        payload: {
          village_name: 'Sukamaju',
          kecamatan: 'Cibeureum',
          kabupaten: 'Bogor',
          provinsi: 'Jawa Barat',
          village_code: '3201012001',
          logo_file_id: shared,
        },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      expect((await send('DELETE', `${galleries.base}/${photo.id}`)).statusCode).toBe(200);
      expect(await fileExists(shared)).toBe(true);
    });

    it('removes uploads never attached to anything after a day, never issued PDFs', async () => {
      const db = ctx.testDb.db.kysely;
      const abandoned = await storeImage(ctx.testDb.db);
      const fresh = await storeImage(ctx.testDb.db);
      const used = await storeImage(ctx.testDb.db);
      await create(galleries, used);
      const pdf = await insertFile(db, {
        kind: 'pdf',
        mime: 'application/pdf',
        bytes: Buffer.from('%PDF-1.7'),
      });
      const dayAgo = isoPlus(-25 * 60 * 60 * 1000);
      await db
        .updateTable('files')
        .set({ created_at: dayAgo })
        .where('id', 'in', [abandoned, used, pdf])
        .execute();

      const res = await upload(ctx.app, token, [
        { filename: 'baru.jpg', data: await jpeg(40, 40) },
      ]);
      expect(res.statusCode).toBe(201);
      expect(await fileExists(abandoned)).toBe(false);
      expect(await fileExists(fresh)).toBe(true);
      expect(await fileExists(used)).toBe(true);
      expect(
        await db.selectFrom('files').select('id').where('id', '=', pdf).executeTakeFirst(),
      ).toBeDefined();
    });
  });
});
