import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, maskIdNumber } from '@balai/domain';
import { listAudit } from '../src/repositories/audit-log.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident, NO_SUBMISSION_CAPS } from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const kkem = letterTypeByCode('kkem')!;

const NIK = '3201019876540123';
const KK = '3201011203100045';
const DECEASED_NIK = '3201015555550789';

/** Every 16-digit run in a text: a whole NIK or No. KK. */
const wholeNumbers = (text: string) => text.match(/\d{16}/g) ?? [];

/**
 * Lists show NIK and No. KK by their last four digits (issue 18.8): the letter request lists
 * (each type's, `/api/letter-requests`, by search) and the users list; the detail keeps them
 * whole, and reading a user's detail is audited like a request's.
 */
describe('identity numbers: masked in lists, whole in the audited detail', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let adminId: number;
  let residentId: number;
  let kuId: number;
  let kkemId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
    const db = ctx.testDb.db;
    const admin = await makeUser(db, { role: 'ADMINISTRATOR' });
    adminId = admin.id;
    const resident = await makeResident(db, {
      name: 'Sri Wahyuni',
      nik: NIK,
      kk_number: KK,
    });
    residentId = resident.id;
    asAdmin = client(ctx.app, await login(ctx.app, admin.email!));
    asResident = client(ctx.app, await login(ctx.app, resident.email!));
    kuId = (await asResident('POST', ku.base, example('ku'))).json().data.id as number;
    const body = { ...example('kkem'), deceased_nik: DECEASED_NIK };
    const filed = await asAdmin('POST', kkem.base, { ...body, applicant_id: residentId });
    expect(filed.statusCode, filed.body).toBe(201);
    kkemId = filed.json().data.id as number;
  });
  afterAll(async () => ctx.close());

  it('maskIdNumber keeps the length and the last four digits', () => {
    expect(maskIdNumber(NIK)).toBe('************0123');
    expect(maskIdNumber('12')).toBe('12');
    expect(maskIdNumber(null)).toBeNull();
    expect(maskIdNumber('')).toBe('');
  });

  it('every letter request list, for the office and the resident, by search too', async () => {
    const lists = [
      [asAdmin, '/api/letter-requests?per_page=100'],
      [asAdmin, `${ku.base}?per_page=100`],
      [asAdmin, `${kkem.base}?per_page=100`],
      [asAdmin, `/api/letter-requests?search=${NIK}`],
      [asAdmin, `/api/letter-requests?search=${NIK.slice(0, 10)}`],
      [asAdmin, `${ku.base}?search=Sri+Wahyuni`],
      [asAdmin, `/api/letter-requests?applicant_id=${residentId}`],
      [asResident, '/api/letter-requests?per_page=100'],
      [asResident, `${kkem.base}`],
    ] as const;
    for (const [as, url] of lists) {
      const res = await as('GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(wholeNumbers(res.body), url).toEqual([]);
      const rows = res.json().data as {
        id: number;
        applicant: { nik: string; kk_number: string };
        fields: Record<string, unknown>;
      }[];
      expect(rows.length, url).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.applicant.nik, url).toBe(maskIdNumber(NIK));
        expect(row.applicant.kk_number, url).toBe(maskIdNumber(KK));
      }
      const kkemRow = rows.find((r) => r.id === kkemId);
      if (kkemRow) expect(kkemRow.fields.deceased_nik).toBe('************0789');
    }
    // A search by the whole NIK still finds exactly this resident's requests.
    const found = (await asAdmin('GET', `/api/letter-requests?search=${NIK}`)).json().data as {
      id: number;
    }[];
    expect(found.map((r) => r.id).sort()).toEqual([kuId, kkemId].sort());
  });

  it('the request detail keeps them whole, and the office’s reading is audited', async () => {
    const detail = (await asAdmin('GET', `${kkem.base}/${kkemId}`)).json().data;
    expect(detail.applicant).toMatchObject({ nik: NIK, kk_number: KK });
    expect(detail.fields.deceased_nik).toBe(DECEASED_NIK);
    const own = (await asResident('GET', `${ku.base}/${kuId}`)).json().data;
    expect(own.applicant).toMatchObject({ nik: NIK, kk_number: KK });
    const audit = await listAudit(ctx.testDb.db.kysely, { action: 'letter.view' });
    expect(audit.some((a) => a.subject_id === kkemId && a.user_id === adminId)).toBe(true);
  });

  it('the users list masks them, finds by NIK prefix; the user detail is whole and audited', async () => {
    for (const url of [
      '/api/users/list?per_page=100',
      `/api/users/list?search=${NIK}`,
      `/api/users/list?search=${NIK.slice(0, 8)}`,
      '/api/users/list?role=WARGA',
    ]) {
      const res = await asAdmin('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(wholeNumbers(res.body), url).toEqual([]);
    }
    const found = (await asAdmin('GET', `/api/users/list?search=${NIK}`)).json().data as {
      id: number;
      nik: string;
      kk_number: string;
    }[];
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      id: residentId,
      nik: maskIdNumber(NIK),
      kk_number: maskIdNumber(KK),
    });
    const detail = await asAdmin('GET', `/api/users/detail/${residentId}`);
    expect(detail.json().data).toMatchObject({ nik: NIK, kk_number: KK });
    const audit = await listAudit(ctx.testDb.db.kysely, { action: 'user.view' });
    expect(audit.some((a) => a.subject_id === residentId && a.user_id === adminId)).toBe(true);
  });
});
