import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, uploadable } from '@balai/domain';
import { carriesPayload, uploadMessages } from '../src/services/upload-check.ts';
import { jpeg, upload } from './content-fixtures.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { makeResident, stagePhoto } from './letter-helpers.ts';

/** A ZIP entry's local file header and name, cut short: no end record closes the file. */
function zipEntry(name: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), Buffer.from('<?php system($_GET[1]);')]);
}

/** Tails the upload filters refuse (docs/content.md, issue 18.10), each after a real photo. */
const TAILS: [string, Buffer][] = [
  ['an <img> with an event handler', Buffer.from('<img src=x onerror=alert(document.cookie)>')],
  ['an <svg> without xmlns', Buffer.from('<svg onload=alert(1)>')],
  ['any tag with an event handler', Buffer.from('<details open ontoggle=alert(1)>')],
  ['a ZIP entry without its end record', zipEntry('shell.php')],
  ['a ZIP entry followed by more bytes', Buffer.concat([zipEntry('a.jsp'), randomBytes(64)])],
];

describe('upload filters: markup tails and ZIP headers (issue 18.10)', () => {
  let photo: Buffer;

  beforeAll(async () => {
    photo = await jpeg(640, 480);
  });

  it('carriesPayload finds each tail after a real JPEG', () => {
    expect(carriesPayload(photo)).toBe(false);
    for (const [label, tail] of TAILS) {
      expect(carriesPayload(Buffer.concat([photo, tail])), label).toBe(true);
    }
  });

  it('photos with metadata and noise pass: no false alarm', async () => {
    // XMP as phones write it, and photos of pure noise (compressed data at its most random).
    const xmp = await sharp(photo)
      .withMetadata({ exif: { IFD0: { Copyright: 'Desa Sukamaju', Software: 'onload test' } } })
      .jpeg()
      .toBuffer();
    expect(carriesPayload(xmp)).toBe(false);
    for (let i = 0; i < 12; i++) {
      const noise = await sharp(randomBytes(800 * 600 * 3), {
        raw: { width: 800, height: 600, channels: 3 },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      expect(carriesPayload(noise), `noise ${i}`).toBe(false);
    }
  });

  describe('through both upload endpoints, on the database', () => {
    let ctx: TestContext;
    let adminToken: string;
    let residentToken: string;

    beforeAll(async () => {
      ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
      const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
      adminToken = await login(ctx.app, admin.email!);
      residentToken = await login(ctx.app, (await makeResident(ctx.testDb.db)).email!);
    });
    afterAll(async () => ctx.close());

    it('content images and requirement photos refuse each tail with 422, and store nothing', async () => {
      const type = letterTypeByCode('ku')!;
      const requirement = uploadable(type)[0]!.key;
      const before = await ctx.testDb.db.kysely
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      for (const [label, tail] of TAILS) {
        const data = Buffer.concat([photo, tail]);
        const content = await upload(ctx.app, adminToken, [
          { name: 'file', filename: 'foto.jpg', type: 'image/jpeg', data },
        ]);
        expect(content.statusCode, label).toBe(422);
        expect(content.json().errors.file, label).toEqual([uploadMessages.payload]);
        const staged = await stagePhoto(ctx.app, residentToken, type, requirement, data);
        expect(staged.statusCode, `${label} ${staged.body}`).toBe(422);
        expect(staged.json().message, label).toBe(uploadMessages.payload);
      }
      const after = await ctx.testDb.db.kysely
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      const staged = await ctx.testDb.db.kysely
        .selectFrom('letter_attachments')
        .select('id')
        .execute();
      expect(staged).toEqual([]);
      // The same photo without a tail is taken.
      const clean = await stagePhoto(ctx.app, residentToken, type, requirement, photo);
      expect(clean.statusCode, clean.body).toBe(201);
    });
  });
});
