import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, type LetterType } from '@balai/domain';
import { ATTACHMENT_LONG_SIDE, ATTACHMENT_MAX_STORED_BYTES } from '../src/services/images.ts';
import { sweepAttachments } from '../src/repositories/letter-attachments.ts';
import { STAGED_TTL_MS } from '../src/routes/letters/attachments.ts';
import { jpeg, multipart } from './content-fixtures.ts';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import {
  client,
  example,
  makeResident,
  NO_SUBMISSION_CAPS,
  stagePhoto,
  withRequiredPhotos,
} from './letter-helpers.ts';

/**
 * Photos of a request's requirements (issue 13.1, ADR 0015), on SQLite and PostgreSQL: staged
 * by the resident, sent with the request (the mandatory ones checked), read only by the
 * request's resident and administrators, checked by content and re-encoded, capped per
 * resident, and swept after the retention period.
 */
const kkel = letterTypeByCode('kkel')!;
const ku = letterTypeByCode('ku')!;
const pp = letterTypeByCode('pp')!;
const DAY = 24 * 60 * 60 * 1000;

/** A phone-camera-like photo: noise over a gradient, so it does not compress to nothing. */
async function phonePhoto(width: number, height: number, quality = 92): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(await jpeg(width, height))
    .composite([{ input: noise, blend: 'overlay' }])
    .withMetadata({ exif: { IFD0: { Make: 'Balai', Model: 'Uji GPS' } } })
    .jpeg({ quality })
    .toBuffer();
}

function postPhoto(
  ctx: TestContext,
  token: string,
  url: string,
  data: Buffer | string,
  filename = 'foto.jpg',
  type = 'image/jpeg',
) {
  const body = multipart([{ name: 'file', filename, type, data }]);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

describe('photos of letter requirements', () => {
  let ctx: TestContext;
  let tokenSiti: string;
  let tokenBudi: string;
  let asSiti: ReturnType<typeof client>;
  let asBudi: ReturnType<typeof client>;
  let asAdmin: ReturnType<typeof client>;
  let adminToken: string;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS, ATTACHMENT_MAX_MB_PER_RESIDENT: '2' },
    });
    const db = ctx.testDb.db;
    const siti = await makeResident(db, { name: 'Siti Rahmawati' });
    tokenSiti = await login(ctx.app, siti.email);
    tokenBudi = await login(ctx.app, (await makeResident(db, { name: 'Budi Santoso' })).email);
    const admin = await makeUser(db, { role: 'ADMINISTRATOR' });
    asSiti = client(ctx.app, tokenSiti);
    asBudi = client(ctx.app, tokenBudi);
    adminToken = await login(ctx.app, admin.email);
    asAdmin = client(ctx.app, adminToken);
  });
  afterAll(async () => ctx.close());

  const requestCount = async () =>
    Number(
      (
        await ctx.testDb.db.kysely
          .selectFrom('letter_requests')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a birth letter request without the midwife letter, naming it, and writes nothing', async () => {
    const before = await requestCount();
    const res = await asSiti('POST', kkel.base, example('kkel'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message:
        'Lampirkan foto dokumen wajib sebelum mengirim: Surat keterangan lahir dari bidan, puskesmas atau rumah sakit.',
      errors: {
        attachments: [
          'Surat keterangan lahir dari bidan, puskesmas atau rumah sakit wajib dilampirkan.',
        ],
      },
    });
    // A photo of another requirement does not stand in for it.
    const kk = (await stagePhoto(ctx.app, tokenSiti, kkel, 'kk')).json().data.id;
    const again = await asSiti('POST', kkel.base, { ...example('kkel'), attachments: [kk] });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.attachments).toHaveLength(1);
    expect(await requestCount()).toBe(before);
    // The staged photo is still there, waiting for the request.
    const staged = (await asSiti('GET', `${kkel.base}/attachments`)).json().data;
    expect(staged.map((a: { id: number }) => a.id)).toEqual([kk]);
    await asSiti('DELETE', `${kkel.base}/attachments/${kk}`);
  });

  it('stages a photo, sends it with the request, and serves it only to the resident and the office', async () => {
    const staged = await stagePhoto(ctx.app, tokenSiti, kkel, 'keterangan_lahir');
    expect(staged.statusCode, staged.body).toBe(201);
    const photo = staged.json().data;
    expect(photo).toMatchObject({
      requirement: 'keterangan_lahir',
      requirement_label: 'Surat keterangan lahir dari bidan, puskesmas atau rumah sakit',
      online: 'required',
      mime: 'image/jpeg',
      url: `${kkel.base}/attachments/${photo.id}`,
    });
    const ktp = (await stagePhoto(ctx.app, tokenSiti, kkel, 'ktp')).json().data;

    // Before sending: only Siti sees her staged photos.
    expect((await asSiti('GET', photo.url)).statusCode).toBe(200);
    expect((await asBudi('GET', photo.url)).statusCode).toBe(404);
    expect((await asBudi('GET', `${photo.url}/thumb`)).statusCode).toBe(404);
    expect((await asBudi('DELETE', photo.url)).statusCode).toBe(404);
    expect((await asBudi('GET', `${kkel.base}/attachments`)).json().data).toEqual([]);
    // Budi cannot send Siti's photos with a request of his own.
    const stolen = await asBudi('POST', kkel.base, {
      ...example('kkel'),
      attachments: [photo.id],
    });
    expect(stolen.statusCode).toBe(422);

    const sent = await asSiti('POST', kkel.base, {
      ...example('kkel'),
      attachments: [photo.id, ktp.id],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json().data;
    expect(request.attachments.map((a: { id: number }) => a.id)).toEqual([photo.id, ktp.id]);
    const url = `${kkel.base}/${request.id}/attachments/${photo.id}`;
    expect(request.attachments[0].url).toBe(url);
    expect((await asSiti('GET', `${kkel.base}/attachments`)).json().data).toEqual([]);
    // The staged address is gone with the staging.
    expect((await asSiti('GET', photo.url)).statusCode).toBe(404);

    const own = await asSiti('GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="lampiran-keterangan-lahir-${photo.id}.jpg"`,
    });
    expect(own.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(own.rawPayload.length).toBe(photo.size);

    // Budi: the same 404 as a request that does not exist, on every address of it.
    for (const [method, path] of [
      ['GET', url],
      ['GET', `${url}/thumb`],
      ['GET', `${kkel.base}/${request.id}/attachments`],
      ['DELETE', url],
    ] as const) {
      const res = await asBudi(method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().message).toBe('Permohonan surat tidak ditemukan.');
    }
    const upload = await postPhoto(
      ctx,
      tokenBudi,
      `${kkel.base}/${request.id}/attachments?requirement=ktp`,
      await jpeg(),
    );
    expect(upload.statusCode).toBe(404);
    // Under another type's base, the photo is not found either.
    expect(
      (await asSiti('GET', `${ku.base}/${request.id}/attachments/${photo.id}`)).statusCode,
    ).toBe(404);

    // The office reads the list and the photo; each look at a photo is audited.
    const list = await asAdmin('GET', `${kkel.base}/${request.id}/attachments`);
    expect(list.json().data.map((a: { requirement: string }) => a.requirement)).toEqual([
      'keterangan_lahir',
      'ktp',
    ]);
    const seen = await asAdmin('GET', url);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(own.rawPayload)).toBe(true);
    const thumb = await asAdmin('GET', `${url}/thumb`);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(320);
    const audit = await ctx.testDb.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('action', '=', 'letter.attachment_view')
      .execute();
    expect(audit).toEqual([{ action: 'letter.attachment_view', subject_id: request.id }]);

    // While the request is open the resident may remove an optional photo, not the last
    // mandatory one; the office may add one.
    expect((await asSiti('DELETE', url)).statusCode).toBe(409);
    const ktpUrl = `${kkel.base}/${request.id}/attachments/${ktp.id}`;
    expect((await asSiti('DELETE', ktpUrl)).statusCode).toBe(200);
    const byOffice = await postPhoto(
      ctx,
      adminToken,
      `${kkel.base}/${request.id}/attachments?requirement=kk`,
      await jpeg(),
    );
    expect(byOffice.statusCode, byOffice.body).toBe(201);

    // Once issued, nothing is added or removed.
    await asAdmin('PUT', `${kkel.base}/${request.id}`, { status: 'processing' });
    expect(
      (await asAdmin('PUT', `${kkel.base}/${request.id}`, { status: 'completed' })).statusCode,
    ).toBe(200);
    expect((await asAdmin('DELETE', url)).statusCode).toBe(409);
    const late = await postPhoto(
      ctx,
      tokenSiti,
      `${kkel.base}/${request.id}/attachments?requirement=kk`,
      await jpeg(),
    );
    expect(late.statusCode).toBe(409);
    expect((await asSiti('GET', url)).statusCode).toBe(200);
  });

  it('sends a staged photo with one request only, also when two are sent at once', async () => {
    const photo = (await stagePhoto(ctx.app, tokenSiti, kkel, 'keterangan_lahir')).json().data.id;
    const body = { ...example('kkel'), attachments: [photo] };
    const answers = await Promise.all([
      asSiti('POST', kkel.base, body),
      asSiti('POST', kkel.base, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const linked = await ctx.testDb.db.kysely
      .selectFrom('letter_attachments')
      .select('letter_request_id')
      .where('id', '=', photo)
      .executeTakeFirstOrThrow();
    expect(linked.letter_request_id).toBe(
      answers.find((a) => a.statusCode === 201)!.json().data.id,
    );
  });

  it('recognises photos by their bytes and refuses everything else', async () => {
    const url = `${ku.base}/attachments?requirement=ktp`;
    const cases: [string, Buffer | string, string, number, RegExp][] = [
      [
        'a text file named .jpg',
        'bukan foto sama sekali',
        'ktp.jpg',
        415,
        /Jenis berkas tidak didukung/,
      ],
      [
        'a PDF',
        Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
        'ktp.pdf',
        415,
        /PDF dan dokumen lain tidak diterima/,
      ],
      [
        'an SVG',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'ktp.jpg',
        415,
        /SVG/,
      ],
      [
        'a JPEG carrying HTML',
        Buffer.concat([await jpeg(), Buffer.from('<script>alert(1)</script>')]),
        'ktp.jpg',
        422,
        /bukan gambar murni/,
      ],
      [
        'a broken JPEG',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
        'ktp.jpg',
        422,
        /rusak/,
      ],
    ];
    for (const [title, data, name, status, message] of cases) {
      const res = await postPhoto(ctx, tokenSiti, url, data, name);
      expect(res.statusCode, title).toBe(status);
      expect(res.json().message, title).toMatch(message);
      expect(res.json().errors.file, title).toHaveLength(1);
    }
    // Over 8 MB: refused while it streams in.
    const big = Buffer.concat([await jpeg(), Buffer.alloc(8 * 1024 * 1024 + 10, 1)]);
    const tooBig = await postPhoto(ctx, tokenSiti, url, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Foto terlalu besar. Ukuran foto maksimal 8 MB.');
    // More than 40 megapixels, read from the header before decoding.
    const huge = await sharp({
      create: { width: 8000, height: 5200, channels: 3, background: '#ffffff' },
    })
      .jpeg({ quality: 30 })
      .toBuffer();
    const pixels = await postPhoto(ctx, tokenSiti, url, huge);
    expect(pixels.statusCode).toBe(422);
    expect(pixels.json().message).toMatch(/megapiksel/);
    // Requirements: unknown, or one that is brought to the office.
    const unknown = await postPhoto(
      ctx,
      tokenSiti,
      `${ku.base}/attachments?requirement=sim`,
      await jpeg(),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.requirement).toEqual([
      'Persyaratan "sim" tidak ada pada surat Usaha.',
    ]);
    const office = await postPhoto(
      ctx,
      tokenSiti,
      `${pp.base}/attachments?requirement=pas_foto`,
      await jpeg(),
    );
    expect(office.statusCode).toBe(422);
    expect(office.json().message).toBe(
      'Pas foto 3x4 berlatar biru sebanyak 4 lembar dibawa ke kantor desa, tidak diunggah.',
    );
    // The office adds photos to filed requests only.
    expect((await postPhoto(ctx, adminToken, url, await jpeg())).statusCode).toBe(403);
    // Nothing was stored by any of these.
    expect((await asSiti('GET', `${ku.base}/attachments`)).json().data).toEqual([]);
  });

  it('re-encodes a large phone photo to a JPEG of at most 1600 px and 500 KB, without its metadata', async () => {
    const original = await phonePhoto(4000, 3000);
    expect(original.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await postPhoto(
      ctx,
      tokenSiti,
      `${ku.base}/attachments?requirement=foto_tempat_usaha`,
      original,
    );
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json().data;
    expect(Math.max(a.width, a.height)).toBe(ATTACHMENT_LONG_SIDE);
    expect(a.size).toBeLessThanOrEqual(ATTACHMENT_MAX_STORED_BYTES);
    const stored = (await asSiti('GET', a.url)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    await asSiti('DELETE', a.url);
  });

  it("caps a resident's storage; a cancelled request's photos count until the sweep removes them (issue 18.3)", async () => {
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    const as = client(ctx.app, token);
    const photo = await phonePhoto(1600, 1200, 95);
    const url = `${ku.base}/attachments?requirement=ktp`;
    const sizes: number[] = [];
    let refused;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await postPhoto(
        ctx,
        token,
        i < 5 ? url : `${ku.base}/attachments?requirement=kk`,
        photo,
      );
      if (res.statusCode === 201) sizes.push(res.json().data.size);
      else refused = res;
    }
    expect(refused?.statusCode).toBe(413);
    expect(refused?.json().message).toMatch(
      /^Ruang lampiran Anda penuh: terpakai [\d,]+ MB dari 2 MB\. Hapus lampiran yang tidak diperlukan, atau bawa dokumen ke kantor desa\. Foto permohonan yang dibatalkan atau dihapus tetap dihitung sampai dihapus otomatis 30 hari kemudian\.$/,
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * 1024 * 1024);
    // Send them with a request, cancel it: the photos still count while they are kept.
    const staged = (await as('GET', `${ku.base}/attachments`))
      .json()
      .data.map((a: { id: number }) => a.id);
    const sent = await as('POST', ku.base, { ...example('ku'), attachments: staged });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await postPhoto(ctx, token, url, photo)).statusCode).toBe(413);
    const sentId = sent.json().data.id as number;
    await as('PUT', `${ku.base}/${sentId}`, { status: 'cancelled' });
    expect((await postPhoto(ctx, token, url, photo)).statusCode).toBe(413);
    // Once the sweep has really removed them (the cancellation 31 days old), the room is free.
    const db = ctx.testDb.db.kysely;
    await db
      .updateTable('letter_requests')
      .set({ updated_at: new Date(Date.now() - 31 * DAY).toISOString() })
      .where('id', '=', sentId)
      .execute();
    const swept = await sweepAttachments(db, Date.now(), 30 * DAY, STAGED_TTL_MS);
    expect(swept.cancelled_requests).toBe(sizes.length);
    expect((await postPhoto(ctx, token, url, photo)).statusCode).toBe(201);
    // Five photos of one requirement at most.
    const other = await makeResident(ctx.testDb.db);
    const otherToken = await login(ctx.app, other.email);
    for (let i = 0; i < 5; i++) {
      expect((await postPhoto(ctx, otherToken, url, await jpeg())).statusCode).toBe(201);
    }
    const sixth = await postPhoto(ctx, otherToken, url, await jpeg());
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe(
      'Paling banyak 5 foto untuk Fotokopi KTP. Hapus salah satu dulu.',
    );
  });

  it('removes the photos of cancelled and deleted requests after the retention period, and abandoned staged ones', async () => {
    const db = ctx.testDb.db.kysely;
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    const as = client(ctx.app, token);
    const file = async (type: LetterType) => {
      const res = await as('POST', type.base, await withRequiredPhotos(ctx.app, token, type));
      return res.json().data.id as number;
    };
    const cancelled = await file(kkel);
    const deleted = await file(kkel);
    const kept = await file(kkel);
    await as('PUT', `${kkel.base}/${cancelled}`, { status: 'cancelled' });
    await as('PUT', `${kkel.base}/${deleted}`, { status: 'cancelled' });
    expect((await asAdmin('DELETE', `${kkel.base}/${deleted}`)).statusCode).toBe(200);
    const abandoned = (await stagePhoto(ctx.app, token, ku, 'ktp')).json().data.id;
    const fresh = (await stagePhoto(ctx.app, token, ku, 'kk')).json().data.id;

    const ofUser = () =>
      db
        .selectFrom('letter_attachments')
        .select(['id', 'letter_request_id', 'released_at'])
        .where('owner_user_id', '=', user.id)
        .orderBy('id')
        .execute();
    const before = await ofUser();
    expect(before).toHaveLength(5);
    // The deleted request's photo left it, and waits.
    expect(before[1]).toMatchObject({ letter_request_id: null, released_at: expect.any(String) });

    const retention = 30 * DAY;
    // Nothing is old enough yet.
    expect(await sweepAttachments(db, Date.now(), retention, STAGED_TTL_MS)).toEqual({
      deleted_requests: 0,
      cancelled_requests: 0,
      abandoned: 0,
    });
    // 31 days on (the abandoned one staged 8 days before that).
    const later = Date.now() + 31 * DAY;
    await db
      .updateTable('letter_attachments')
      .set({ created_at: new Date(later - 8 * DAY).toISOString() })
      .where('id', '=', abandoned)
      .execute();
    await db
      .updateTable('letter_attachments')
      .set({ created_at: new Date(later - 1 * DAY).toISOString() })
      .where('id', '=', fresh)
      .execute();
    // (The other tests' photos of cancelled requests and staged ones are as old by then.)
    const swept = await sweepAttachments(db, later, retention, STAGED_TTL_MS);
    expect(swept.deleted_requests).toBe(1);
    expect(swept.cancelled_requests).toBeGreaterThanOrEqual(1);
    expect(swept.abandoned).toBeGreaterThanOrEqual(1);
    const after = await ofUser();
    expect(after.map((a) => a.letter_request_id)).toEqual([kept, null]);
    expect(after[1]!.id).toBe(fresh);
    // The cancelled request itself stays; only its photos went.
    expect((await as('GET', `${kkel.base}/${cancelled}`)).json().data).toMatchObject({
      status: 'cancelled',
      attachments: [],
    });
  });
});
