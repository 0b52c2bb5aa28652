import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LETTER_TYPES,
  formatFieldValue,
  letterSchema,
  requestReference,
  type LetterType,
} from '@balai/domain';
import { exportedFields } from '../src/letters/export/type-columns.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import {
  NO_SUBMISSION_CAPS,
  client,
  example,
  makeResident,
  withRequiredPhotos,
} from './letter-helpers.ts';
import { parseCsv, readXlsx, sheetValues } from './spreadsheet-helpers.ts';

/** The queue's columns, which every export has first and the cross-type export alone. */
const QUEUE_HEADERS = [
  'No.',
  'Referensi',
  'Jenis Surat',
  'Status',
  'Tanggal Pengajuan',
  'Nama Pemohon',
  'NIK',
  'Identitas Terverifikasi',
  'No. HP',
  'Keperluan',
  'Nomor Surat',
  'Tanggal Terbit',
  'Catatan Petugas',
  'Terakhir Diubah',
];

/**
 * Issue 25.7: a desk's export (one letter type) has a column for each of the type's fields,
 * headed by its label, holding the request's own data; the cross-type export keeps the queue's
 * columns. Over all 15 types, as CSV and as XLSX.
 */
describe('per-type export columns (issue 25.7)', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    const resident = await makeResident(ctx.testDb.db, { name: 'Siti Rahmawati' });
    const token = await login(ctx.app, resident.email);
    const asResident = client(ctx.app, token);
    for (const type of LETTER_TYPES) {
      const body = await withRequiredPhotos(ctx.app, token, type);
      const res = await asResident('POST', type.base, body);
      expect(res.statusCode, res.body).toBe(201);
      ids.set(type.code, res.json().data.id);
    }
  });
  afterAll(async () => ctx.close());

  /** What each field column must hold for the type's example request, as CSV text. */
  function expectedCsvCells(type: LetterType): string[] {
    const data = letterSchema(type).parse(example(type.code));
    return exportedFields(type).map((f) => {
      const v = data[f.name];
      if (v === null || v === undefined || v === '') return '';
      if (f.kind === 'date') return String(v);
      if (f.kind === 'money') return String(v);
      return formatFieldValue(f, v) ?? '';
    });
  }

  it('gives every type at least one field column, none named like a queue column', () => {
    for (const type of LETTER_TYPES) {
      const labels = exportedFields(type).map((f) => f.label);
      expect(labels.length, type.code).toBeGreaterThan(0);
      expect(labels).not.toContain('Keperluan');
      expect(labels).not.toContain('No. HP');
      // Every field of the type but Keperluan and No. HP has its column.
      expect(labels).toEqual(
        type.fields.filter((f) => f.name !== 'purpose' && f.name !== 'phone').map((f) => f.label),
      );
    }
  });

  it.each(LETTER_TYPES.map((t) => [t.code, t] as const))(
    '%s: CSV has the queue columns, then one per field by its label, holding the request data',
    async (code, type) => {
      const res = await asAdmin('GET', `/api/letter-requests/export?format=csv&type=${code}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
      const labels = exportedFields(type).map((f) => f.label);
      expect(rows[0]).toEqual([...QUEUE_HEADERS, ...labels]);
      expect(rows).toHaveLength(2);
      const row = rows[1]!;
      expect(row[1]).toBe(requestReference(code, ids.get(code)!));
      expect(row.slice(QUEUE_HEADERS.length)).toEqual(expectedCsvCells(type));
      // The example fills every required field: none of their cells is empty.
      exportedFields(type).forEach((f, i) => {
        if (f.required) expect(row[QUEUE_HEADERS.length + i], f.label).not.toBe('');
      });
    },
  );

  it.each(LETTER_TYPES.map((t) => [t.code, t] as const))(
    '%s: XLSX has the same columns; dates are date cells and money is a number',
    async (code, type) => {
      const res = await asAdmin('GET', `/api/letter-requests/export?format=xlsx&type=${code}`);
      expect(res.statusCode, res.body).toBe(200);
      const values = sheetValues(
        (await readXlsx(res.rawPayload)).getWorksheet('Permohonan Surat')!,
      );
      const fields = exportedFields(type);
      expect(values[0]).toEqual([...QUEUE_HEADERS, ...fields.map((f) => f.label)]);
      const row = values[1]!;
      const expected = expectedCsvCells(type);
      fields.forEach((f, i) => {
        const cell = row[QUEUE_HEADERS.length + i];
        if (expected[i] === '') expect(cell ?? null, f.label).toBeNull();
        else if (f.kind === 'date') {
          expect(cell, f.label).toBeInstanceOf(Date);
          expect((cell as Date).toISOString().slice(0, 10)).toBe(expected[i]);
        } else if (f.kind === 'money') expect(cell, f.label).toBe(Number(expected[i]));
        else expect(cell, f.label).toBe(expected[i]);
      });
    },
  );

  it('the business letter (SKU) export names the business and its address', async () => {
    const res = await asAdmin('GET', '/api/letter-requests/export?format=csv&type=ku');
    const [headers, row] = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    const at = (label: string) => row![headers!.indexOf(label)];
    const data = example('ku');
    expect(at('Nama Usaha')).toBe(data.business_name);
    expect(at('Alamat Usaha')).toBe(data.business_address);
  });

  it('the cross-type export keeps the queue columns only, one row per request', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await asAdmin('GET', `/api/letter-requests/export?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows =
        format === 'csv'
          ? parseCsv(res.rawPayload.subarray(3).toString('utf8'))
          : sheetValues((await readXlsx(res.rawPayload)).getWorksheet('Permohonan Surat')!);
      expect(rows[0]).toEqual(QUEUE_HEADERS);
      expect(rows).toHaveLength(LETTER_TYPES.length + 1);
      for (const r of rows.slice(1)) expect(r.length).toBeLessThanOrEqual(QUEUE_HEADERS.length);
    }
  });
});
