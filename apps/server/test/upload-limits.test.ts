import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { insertAttachment } from '../src/repositories/letter-attachments.ts';
import { receiving, UPLOADS_RECEIVED_AT_ONCE } from '../src/lib/multipart.ts';
import { jpeg, multipart } from './content-fixtures.ts';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident, NO_SUBMISSION_CAPS, stagePhoto } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const MB = 1024 * 1024;

/**
 * Issue 18.3 (a photo counts against the room until it is really removed), 18.4 (the room is
 * checked before decoding; a user's uploads at once and per minute) and 19.5 (stalled uploads are
 * cut off and hold no place), on SQLite and PostgreSQL alike.
 */
describe('upload limits', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        RATE_LIMIT_MAX: '0',
        ...NO_SUBMISSION_CAPS,
        ATTACHMENT_MAX_MB_PER_RESIDENT: '1',
        ATTACHMENT_UPLOADS_PER_MINUTE: '8',
        HTTP_IDLE_TIMEOUT_S: '1',
      },
    });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
  });
  afterAll(async () => ctx.close());

  /** Stores a staged photo of `bytes` for the resident straight in the database. */
  const storeStaged = (ownerId: number, bytes: number) =>
    insertAttachment(ctx.testDb.db.kysely, {
      letterRequestId: null,
      type: ku.code,
      requirement: 'ktp',
      ownerUserId: ownerId,
      uploadedBy: ownerId,
      bytes: Buffer.alloc(bytes, 7),
      width: 10,
      height: 10,
      thumbBytes: Buffer.alloc(10, 7),
      now: new Date().toISOString(),
    });

  const upload = (token: string, data: Buffer) => {
    const body = multipart([{ name: 'file', filename: 'foto.jpg', type: 'image/jpeg', data }]);
    return ctx.app.inject({
      method: 'POST',
      url: `${ku.base}/attachments?requirement=kk`,
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
  };

  /** The app on a real port (once), for raw sockets. */
  let port: number | undefined;
  const listening = async () => {
    if (port === undefined) {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
    }
    return port;
  };

  /** An upload of a declared 8 MB that sends 512 KB, then stops (without closing). */
  function stalledUpload(to: number, url: string, token: string) {
    const socket = net.connect(to, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const closed = new Promise<{ ms: number; answer: string }>((resolve) => {
      const start = Date.now();
      socket.on('close', () => resolve({ ms: Date.now() - start, answer }));
    });
    socket.on('error', () => undefined);
    const boundary = 'balai-uji-macet';
    socket.write(
      [
        `POST ${url} HTTP/1.1`,
        'host: 127.0.0.1',
        `authorization: ${bearer(token).authorization}`,
        `content-type: multipart/form-data; boundary=${boundary}`,
        `content-length: ${8 * MB}`,
        '',
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ].join('\r\n'),
    );
    socket.write(Buffer.alloc(512 * 1024, 1));
    return { socket, closed };
  }

  it("a cancelled, then deleted request's photos still count until the sweep (issue 18.3)", async () => {
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    const as = client(ctx.app, token);
    const id = await storeStaged(user.id, MB - 1000);
    const filed = await as('POST', ku.base, { ...example('ku'), attachments: [id] });
    expect(filed.statusCode, filed.body).toBe(201);
    const requestId = filed.json().data.id as number;
    const small = await jpeg(200, 150);
    expect((await upload(token, small)).statusCode).toBe(413);
    await as('PUT', `${ku.base}/${requestId}`, { status: 'cancelled' });
    expect((await upload(token, small)).statusCode).toBe(413);
    expect((await asAdmin('DELETE', `${ku.base}/${requestId}`)).statusCode).toBe(200);
    const refused = await upload(token, small);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/^Ruang lampiran Anda penuh: terpakai 1 MB dari 1 MB/);
    // Only the bytes' removal frees the room.
    await ctx.testDb.db.kysely.deleteFrom('letter_attachments').where('id', '=', id).execute();
    expect((await upload(token, small)).statusCode).toBe(201);
  });

  it('a full room is refused before the upload is decoded (issue 18.4)', async () => {
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    await storeStaged(user.id, Math.round(0.9 * MB));
    // 200 KB that are no image at all: a 413 for the room, not the 415 decoding would give.
    const notAnImage = Buffer.alloc(200 * 1024, 'a');
    const res = await upload(token, notAnImage);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors.file[0]).toMatch(/Ruang lampiran Anda penuh/);
    // A small upload that fits is still decoded (and refused for what it is).
    const tiny = await upload(token, Buffer.alloc(1024, 'a'));
    expect(tiny.statusCode).toBe(415);
  });

  it("a user's uploads run two at a time; a third at once gets a 429 (issue 18.4)", async () => {
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    const photo = await jpeg(1600, 1200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(token, photo)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('5');
    // Closed after the answer: the unread body is not read only to be thrown away.
    expect(refused.headers.connection).toBe('close');
    expect(refused.json().errors.file[0]).toBe(
      'Foto Anda yang lain masih diunggah. Tunggu sampai selesai, lalu unggah foto ini lagi.',
    );
    // Another resident meanwhile is not affected.
    const other = await login(ctx.app, (await makeResident(ctx.testDb.db)).email);
    expect((await upload(other, await jpeg(300, 200))).statusCode).toBe(201);
  });

  it('a user may send ATTACHMENT_UPLOADS_PER_MINUTE uploads a minute (issue 18.4)', async () => {
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    const photo = await jpeg(200, 150);
    const statuses: number[] = [];
    // Staged under two requirements: five photos of one requirement at most.
    for (let i = 0; i < 9; i++) {
      statuses.push((await stagePhoto(ctx.app, token, ku, i < 4 ? 'ktp' : 'kk', photo)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 429]);
    const res = await stagePhoto(ctx.app, token, ku, 'kk', photo);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(
      /^Terlalu banyak foto diunggah dalam satu menit\. Silakan coba lagi dalam \d+ detik\.$/,
    );
  });

  it('an upload that stalls half-way is cut off after HTTP_IDLE_TIMEOUT_S and frees its place (issue 19.5)', async () => {
    const user = await makeResident(ctx.testDb.db);
    const token = await login(ctx.app, user.email);
    const port = await listening();
    const { socket, closed } = stalledUpload(port, `${ku.base}/attachments?requirement=kk`, token);
    // While it stalls it holds one receiving place, and other requests are answered.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiving.inUse).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const after = await closed;
    expect(after.ms).toBeGreaterThanOrEqual(900);
    expect(after.ms).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 100));
    expect(receiving.inUse).toBe(0);
    socket.destroy();
  });

  it('uploads past the places received at once wait, then get a 503 that closes the connection (issue 19.5)', async () => {
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    const token = await login(ctx.app, admin.email);
    const to = await listening();
    // Eight uploads that keep sending a byte now and then hold every place.
    const holders = Array.from({ length: UPLOADS_RECEIVED_AT_ONCE }, () =>
      stalledUpload(to, '/api/files', token),
    );
    const drip = setInterval(() => {
      for (const h of holders) h.socket.write(Buffer.from([1]));
    }, 300);
    try {
      for (let i = 0; i < 50 && receiving.inUse < UPLOADS_RECEIVED_AT_ONCE; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(receiving.inUse).toBe(UPLOADS_RECEIVED_AT_ONCE);
      // The ninth waits for half of HTTP_IDLE_TIMEOUT_S (1 s), with nothing of its body read.
      const ninth = stalledUpload(to, '/api/files', token);
      const refused = await ninth.closed;
      clearInterval(drip);
      expect(refused.ms).toBeGreaterThanOrEqual(450);
      expect(refused.ms).toBeLessThan(5000);
      expect(refused.answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(refused.answer).toMatch(/retry-after: 60/i);
      expect(refused.answer).toContain('Server sedang menerima banyak unggahan');
      // Once the others stop sending, the idle timeout frees their places.
      await Promise.all(holders.map((h) => h.closed));
      await new Promise((r) => setTimeout(r, 100));
      expect(receiving.inUse).toBe(0);
    } finally {
      clearInterval(drip);
      for (const h of holders) h.socket.destroy();
    }
  });
});
