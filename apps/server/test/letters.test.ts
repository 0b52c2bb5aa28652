import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TYPES, formatFieldValue, letterSchema, type LetterType } from '@balai/domain';
import { schemaCases } from '../../../packages/domain/src/testing/schema-cases.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import {
  client,
  example,
  makeResident,
  pdfText,
  squash,
  withRequiredPhotos,
  NO_SUBMISSION_CAPS,
} from './letter-helpers.ts';

/**
 * Every one of the 15 types, through the HTTP API: a valid request is accepted; every way a
 * field can be wrong is a 422 naming the field; the request goes all the way to `completed`;
 * and the issued PDF says what it must.
 */
describe('letter types', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let residentToken: string;
  const residentName = 'Siti Rahmawati';
  /** The example request, with a photo of each requirement the type needs online (ADR 0015). */
  const photos = (type: LetterType) => withRequiredPhotos(ctx.app, residentToken, type);

  beforeAll(async () => {
    // Hundreds of requests from one address: the general rate limit is not what is tested here.
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR', name: 'Admin Desa' });
    const resident = await makeResident(ctx.testDb.db, { name: residentName });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    residentToken = await login(ctx.app, resident.email);
    asResident = client(ctx.app, residentToken);
  });
  afterAll(async () => ctx.close());

  /** The values the letter must show for a type: every required field, formatted as printed. */
  const keyValues = (type: LetterType) => {
    const data = letterSchema(type).parse(example(type.code));
    return type.fields
      .filter((f) => f.required && f.name !== 'phone')
      .map((f) => formatFieldValue(f, data[f.name]))
      .filter((v): v is string => v !== null);
  };

  describe.each(LETTER_TYPES.map((t) => [t.code, t] as const))('%s', (_code, type) => {
    it('accepts a valid request and shows it back with the applicant block from the profile', async () => {
      const res = await asResident('POST', type.base, await photos(type));
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({
        type: type.code,
        status: 'submitted',
        status_label: 'Diajukan',
        number: null,
        pdf: null,
        applicant: { name: residentName, birth_place: 'Bogor' },
        fields: letterSchema(type).parse(example(type.code)),
      });
      expect(data.events).toHaveLength(1);
      expect(data.events[0]).toMatchObject({ from_status: null, to_status: 'submitted' });
    });

    it('refuses each missing field, broken limit and wrong type with a 422 naming the field', async () => {
      const cases = schemaCases(type.fields, example(type.code));
      expect(cases.length).toBeGreaterThan(0);
      const before = (await asAdmin('GET', `${type.base}?per_page=1`)).json().meta.total;
      for (const c of cases) {
        const res = await asResident('POST', type.base, c.input);
        expect(res.statusCode, c.title).toBe(422);
        const body = res.json();
        expect(body.errors[c.field], c.title).toContain(c.message);
        expect(body.message, c.title).toBeTruthy();
      }
      const after = (await asAdmin('GET', `${type.base}?per_page=1`)).json().meta.total;
      expect(after).toBe(before);
    });

    it('goes from submitted through processing to completed, and issues the PDF once', async () => {
      const created = (await asResident('POST', type.base, await photos(type))).json().data;
      const processing = await asAdmin('PUT', `${type.base}/${created.id}`, {
        status: 'processing',
      });
      expect(processing.statusCode, processing.body).toBe(200);
      expect(processing.json().data.status).toBe('processing');

      const done = await asAdmin('PUT', `${type.base}/${created.id}`, {
        status: 'completed',
        note: 'Silakan diunduh.',
      });
      expect(done.statusCode, done.body).toBe(200);
      const letter = done.json().data;
      expect(letter.status).toBe('completed');
      expect(letter.number).toMatch(
        new RegExp(`^${type.classificationCode.replace('.', '\\.')}/\\d{3}/`),
      );
      expect(letter.events.map((e: { to_status: string }) => e.to_status)).toEqual([
        'submitted',
        'processing',
        'completed',
      ]);
      expect(letter.pdf.url).toBe(`${type.base}/${created.id}/pdf`);

      const pdf = await asResident('GET', `${type.base}/${created.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(letter.pdf.sha256);

      const text = squash(pdfText(pdf.rawPayload));
      expect(text).toContain(squash(type.pdfTitle));
      expect(text).toContain(`Nomor : ${letter.number}`);
      expect(text).toContain(residentName);
      // Select options are written in lower case mid-sentence ("kelahiran tunggal").
      const lower = text.toLowerCase();
      for (const value of keyValues(type))
        expect(lower, value).toContain(squash(value).toLowerCase());
      // The URL may be wrapped beside the QR code; joined up it is the verify_url.
      expect(text.replace(/\s/g, '')).toContain(letter.verify_url);
      expect(letter.verify_url).toMatch(/^http:\/\/balai\.test\/verify\/[A-Za-z0-9_-]{32}$/);
    });
  });
});
