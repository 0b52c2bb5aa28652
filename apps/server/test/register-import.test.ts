import fs from 'node:fs';
import os from 'node:os';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { readXlsx } from './spreadsheet-helpers.ts';
import { getSettings, upsertSettings } from '../src/repositories/settings.ts';
import { runImport } from '../src/services/register/import.ts';
import { todayIso } from '@balai/domain';
import {
  importFile,
  opensidCsv,
  opensidXlsx,
  people,
  personCount,
  REGION,
} from './register-fixtures.ts';

let ctx: TestContext;
let admin: string;

async function clearRegister() {
  const db = ctx.app.db;
  await db.deleteFrom('register_events').execute();
  await db.updateTable('register_families').set({ head_person_id: null }).execute();
  await db.deleteFrom('register_persons').execute();
  await db.deleteFrom('register_families').execute();
  await db.updateTable('register_areas').set({ parent_id: null }).execute();
  await db.deleteFrom('register_areas').execute();
}

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
  admin = await login(ctx.app, a.email);
  // The village's code gives the kecamatan region for the NIK check.
  const { updated_at: _u, ...settings } = await getSettings(ctx.app.db);
  await upsertSettings(ctx.app.db, { ...settings, village_code: `${REGION}2001` });
});
afterAll(async () => ctx.close());
beforeEach(clearRegister);

const list = async (query = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/register/persons?per_page=100${query}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('register import', () => {
  it('reads an OpenSID workbook whose data sheet has another name; dry run writes nothing, commit writes all', async () => {
    const rows = people(30);
    rows[0]!.nik = `\u200B${rows[0]!.nik}\u00A0`; // invisible characters from the civil registry
    rows[1]!.sex = 'P'; // a label instead of a code
    rows[1]!.agama_id = 'ISLAM';
    const file = await opensidXlsx(rows, 'Sheet1');
    const dry = await importFile(ctx.app, admin, file, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const d = dry.json();
    expect(d).toMatchObject({
      dry_run: true,
      committed: false,
      format: 'opensid',
      sheet: 'Sheet1',
      rows: 30,
      valid_rows: 30,
      error_count: 0,
      added: 30,
      updated: 0,
      families: 10,
    });
    expect(d.areas_created).toBeGreaterThan(0);
    expect(await personCount(ctx.app)).toBe(0);
    expect(await ctx.app.db.selectFrom('register_areas').selectAll().execute()).toEqual([]);

    const res = await importFile(ctx.app, admin, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      committed: true,
      added: 30,
      updated: 0,
      families: 10,
      error_count: 0,
    });
    expect(await personCount(ctx.app)).toBe(30);
    // The import is not counted as people moving in.
    expect(await ctx.app.db.selectFrom('register_events').selectAll().execute()).toEqual([]);

    const l = await list();
    expect(l.meta.total).toBe(30);
    expect(l.counts.total).toBe(30);
    expect(l.counts.male + l.counts.female).toBe(30);
    const first = l.data.find((p: { name: string }) => p.name === 'Warga 1');
    expect(first).toMatchObject({ gender: 'Perempuan', religion: 'Islam', life_status: 'hidup' });
    // Families grouped by No. KK with the head from SHDK 1.
    const fam = await ctx.app.db.selectFrom('register_families').selectAll().execute();
    expect(fam).toHaveLength(10);
    for (const f of fam) expect(f.head_person_id).not.toBeNull();
    const head = await ctx.app.db
      .selectFrom('register_persons')
      .select(['name', 'relationship'])
      .where('id', '=', fam[0]!.head_person_id!)
      .executeTakeFirstOrThrow();
    expect(head.relationship).toBe(1);
  });

  it('reports errors and warnings by row and column, and takes the other rows', async () => {
    const rows = people(9);
    rows[0]!.nama = ''; // row 2: no name
    rows[1]!.nik = '320101123'; // row 3: NIK not 16 digits
    rows[3]!.nik = rows[2]!.nik; // rows 4 and 5: the same NIK twice
    rows[5]!.agama_id = 9; // row 7: unknown code
    rows[6]!.nik = `327301${rows[6]!.nik.slice(6)}`; // row 8: other region (warning)
    rows[7]!.sex = rows[7]!.sex === 1 ? 2 : 1; // row 9: NIK's +40 disagrees with sex (warning)
    const res = await importFile(ctx.app, admin, await opensidXlsx(rows));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    const errs = r.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(errs).toEqual(['2:name', '3:nik', '4:nik', '5:nik', '7:religion']);
    expect(r.errors[0].message).toBe('Nama wajib diisi.');
    expect(r.errors[1].message).toBe('NIK harus 16 digit angka.');
    expect(r.errors[2].message).toBe('NIK sama dengan baris 5.');
    expect(r.errors[4].message).toMatch(/Agama "9" tidak dikenal/);
    const warns = r.warnings.map(
      (w: { row: number; column: string; message: string }) => `${w.row}:${w.column}`,
    );
    expect(warns).toContain('8:nik');
    expect(warns).toContain('9:nik');
    expect(r.warnings.find((w: { row: number }) => w.row === 8).message).toMatch(
      /Kode wilayah NIK \(327301\)/,
    );
    expect(r).toMatchObject({ rows: 9, valid_rows: 4, error_rows: 5, added: 4, committed: true });
    expect(await personCount(ctx.app)).toBe(4);

    // All problems as XLSX.
    const x = await importFile(ctx.app, admin, await opensidXlsx(rows), {
      dryRun: true,
      format: 'xlsx',
    });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toMatch(/spreadsheetml/);
    const sheet = (await readXlsx(x.rawPayload)).getWorksheet('Masalah Impor')!;
    expect(sheet.rowCount - 1).toBe(r.error_count + r.warning_count);
  });

  it('updates known NIKs on re-import and reads a CSV', async () => {
    const rows = people(12);
    await importFile(ctx.app, admin, opensidCsv(rows), { filename: 'p.csv' });
    rows[4]!.nama = 'Siti Berubah';
    rows[4]!.pekerjaan_id = 'PETANI/PEKEBUN';
    const res = await importFile(ctx.app, admin, opensidCsv(rows), { filename: 'p.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'csv', added: 0, updated: 12 });
    expect(await personCount(ctx.app)).toBe(12);
    const l = await list('&search=siti');
    expect(l.data).toHaveLength(1);
    expect(l.data[0]).toMatchObject({ name: 'Siti Berubah', occupation: 'Petani/Pekebun' });
  });

  it("imports Balai's own template, and export → import gives the same register", async () => {
    const t = await ctx.app.inject({
      method: 'GET',
      url: '/api/register/template',
      headers: bearer(admin),
    });
    expect(t.statusCode).toBe(200);
    const wb = await readXlsx(t.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Data Penduduk', 'Kode Data']);
    const ws = wb.getWorksheet('Data Penduduk')!;
    const headers = (ws.getRow(1).values as string[]).slice(1);
    expect(headers).toContain('Nama lengkap');
    expect(headers).toContain('Hubungan dalam keluarga');
    const src = people(15);
    const by: Record<string, (p: (typeof src)[number]) => unknown> = {
      NIK: (p) => p.nik,
      'Nama lengkap': (p) => p.nama,
      'No. KK': (p) => p.no_kk,
      'Hubungan dalam keluarga': (p) => (p.kk_level === 1 ? 'Kepala Keluarga' : p.kk_level),
      'Jenis kelamin': (p) => (p.sex === 1 ? 'Laki-laki' : 'Perempuan'),
      'Tempat lahir': (p) => p.tempatlahir,
      'Tanggal lahir': (p) => p.tanggallahir,
      Agama: (p) => p.agama_id,
      Pendidikan: (p) => p.pendidikan_kk_id,
      Pekerjaan: (p) => p.pekerjaan_id,
      'Status perkawinan': (p) => p.status_kawin,
      Kewarganegaraan: () => 'WNI',
      'Nama ayah': (p) => p.nama_ayah,
      'Nama ibu': (p) => p.nama_ibu,
      'Golongan darah': (p) => p.golongan_darah_id,
      Alamat: (p) => p.alamat,
      Dusun: (p) => p.dusun,
      RW: (p) => p.rw,
      RT: (p) => p.rt,
      'Status dasar': () => 'Hidup',
    };
    const filled = new ExcelJS.Workbook();
    const d = filled.addWorksheet('Data Penduduk');
    d.addRow(headers);
    for (const p of src) d.addRow(headers.map((h) => by[h]!(p)));
    const res = await importFile(ctx.app, admin, Buffer.from(await filled.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'balai',
      added: 15,
      error_count: 0,
      warning_count: 0,
    });

    const before = await list();
    const exp = await ctx.app.inject({
      method: 'GET',
      url: '/api/register/export',
      headers: bearer(admin),
    });
    expect(exp.statusCode).toBe(200);
    const again = await importFile(ctx.app, admin, exp.rawPayload);
    expect(again.json()).toMatchObject({
      added: 0,
      updated: 15,
      error_count: 0,
      warning_count: 0,
      families: 5,
    });
    const after = await list();
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ updated_at: _u, ...r }) => r);
    expect(strip(after.data)).toEqual(strip(before.data));
  });

  it('keeps the checked people of a larger file in a temporary file, and removes it', async () => {
    const spillDirs = () =>
      fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith('balai-import-')).length;
    const before = spillDirs();
    const rows = people(40);
    rows[7]!.nama = '';
    const out = await runImport(ctx.app.db, await opensidXlsx(rows), {
      dryRun: false,
      regionCode: REGION,
      today: todayIso(),
      keepAtMost: 10,
    });
    expect(out.result).toMatchObject({ added: 39, error_rows: 1, families: 14 });
    expect(await personCount(ctx.app)).toBe(39);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/register/persons?search=Warga%2039',
      headers: bearer(admin),
    });
    expect(list.json().data[0]).toMatchObject({ name: 'Warga 39', religion: 'Buddha' });
    expect(spillDirs()).toBe(before);
  });

  it('commits the 999 good rows of 1,000 and reports the one bad row', async () => {
    const rows = people(1000);
    rows[500]!.nik = '12345';
    const res = await importFile(ctx.app, admin, await opensidXlsx(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 1000,
      valid_rows: 999,
      error_rows: 1,
      added: 999,
      error_count: 1,
    });
    expect(res.json().errors[0]).toMatchObject({ row: 502, column: 'nik' });
    expect(await personCount(ctx.app)).toBe(999);
  });

  describe('bad input: a clear Indonesian 4xx and nothing written', () => {
    const cases: [string, () => Promise<Buffer>, number, RegExp][] = [
      [
        'a PDF renamed .xlsx',
        async () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
        422,
        /bukan XLSX atau CSV/,
      ],
      ['an empty file', async () => Buffer.alloc(0), 422, /Berkas kosong/],
      [
        'a sheet without a name column',
        async () => {
          const wb = new ExcelJS.Workbook();
          wb.addWorksheet('Data').addRow(['nik', 'alamat']);
          return Buffer.from(await wb.xlsx.writeBuffer());
        },
        422,
        /kolom nama/,
      ],
      [
        'formulas in cells',
        () =>
          opensidXlsx(people(3), 'Data Penduduk', (ws) => {
            ws.getCell('E3').value = { formula: 'CONCAT("A","B")', result: 'AB' };
          }),
        422,
        /Sel E3 .* berisi rumus/,
      ],
      [
        'a zip that is no workbook',
        async () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]),
        422,
        /bukan XLSX atau CSV/,
      ],
      ['a 50 MB file', async () => Buffer.alloc(50 * 1024 * 1024, 0x41), 413, /terlalu besar/],
    ];
    it.each(cases)('%s', async (_name, make, status, message) => {
      const res = await importFile(ctx.app, admin, await make());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
      expect(await personCount(ctx.app)).toBe(0);
      expect(await ctx.app.db.selectFrom('register_areas').selectAll().execute()).toEqual([]);
    });
  });
});
