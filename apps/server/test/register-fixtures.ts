/** Register files made in the tests (issue 24): OpenSID-format and Balai-template workbooks, CSV. */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { bearer } from './helpers.ts';
import { multipart } from './content-fixtures.ts';

export const REGION = '320101';

export interface Person {
  nik: string;
  nama: string;
  no_kk: string;
  kk_level: number | string;
  sex: number | string;
  tempatlahir: string;
  tanggallahir: string;
  agama_id: number | string;
  pendidikan_kk_id: number | string;
  pekerjaan_id: number | string;
  status_kawin: number | string;
  warganegara_id: number | string;
  nama_ayah: string;
  nama_ibu: string;
  golongan_darah_id: number | string;
  alamat: string;
  dusun: string;
  rw: string;
  rt: string;
  status_dasar: number | string;
}

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A NIK that agrees with the birth date and sex (women DD+40). */
export function nikFor(birth: string, sex: 1 | 2, serial: number, region = REGION): string {
  const dd = Number(birth.slice(8, 10)) + (sex === 2 ? 40 : 0);
  return `${region}${String(dd).padStart(2, '0')}${birth.slice(5, 7)}${birth.slice(2, 4)}${String(serial).padStart(4, '0')}`;
}

/** `n` people in families of three (head, wife, child), spread over 3 dusun, 2 RW, 3 RT. */
export function people(n: number, offset = 0): Person[] {
  const out: Person[] = [];
  for (let j = offset; j < offset + n; j++) {
    const fam = Math.floor(j / 3);
    const role = j % 3;
    const sex = (role === 1 ? 2 : role === 2 ? ((j >> 2) % 2) + 1 : 1) as 1 | 2;
    const birth = addDays(role === 2 ? '2005-01-01' : '1960-01-01', (j * 7) % 6000);
    out.push({
      nik: nikFor(birth, sex, Math.floor(j / 1000) + 1 + (j % 1000) * 7),
      nama: `Warga ${j}`,
      no_kk: `${REGION}${String(fam + 1).padStart(10, '0')}`,
      kk_level: role === 0 ? 1 : role === 1 ? 3 : 4,
      sex,
      tempatlahir: 'Bogor',
      tanggallahir: birth,
      agama_id: (j % 7) + 1,
      pendidikan_kk_id: (j % 10) + 1,
      pekerjaan_id: (j % 89) + 1,
      status_kawin: role === 2 ? 1 : 2,
      warganegara_id: 1,
      nama_ayah: `Ayah ${j}`,
      nama_ibu: `Ibu ${j}`,
      golongan_darah_id: (j % 13) + 1,
      alamat: `Jl. Melati ${fam}`,
      dusun: ['Krajan', 'Sukamaju', 'Cibeureum'][fam % 3]!,
      rw: String((fam % 2) + 1),
      rt: String((fam % 3) + 1),
      status_dasar: 1,
    });
  }
  return out;
}

export const OPENSID_COLUMNS = [
  'alamat',
  'dusun',
  'rw',
  'rt',
  'nama',
  'no_kk',
  'nik',
  'sex',
  'tempatlahir',
  'tanggallahir',
  'agama_id',
  'pendidikan_kk_id',
  'pendidikan_sedang_id',
  'pekerjaan_id',
  'status_kawin',
  'kk_level',
  'warganegara_id',
  'ayah_nik',
  'nama_ayah',
  'ibu_nik',
  'nama_ibu',
  'golongan_darah_id',
  'akta_lahir',
  'status_dasar',
  'lat',
  'lng',
] as const;

/** OpenSID's workbook: "Kode Data" first, then the data sheet (named `sheetName`). */
export async function opensidXlsx(
  rows: Person[],
  sheetName = 'Data Penduduk',
  extra: (ws: ExcelJS.Worksheet) => void = () => {},
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const codes = wb.addWorksheet('Kode Data');
  codes.addRow(['nama', 'kode']);
  codes.addRow(['ISLAM', 1]);
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...OPENSID_COLUMNS]);
  for (const p of rows) {
    ws.addRow(
      OPENSID_COLUMNS.map((c) =>
        c in p ? (p as unknown as Record<string, unknown>)[c] : c === 'lat' ? '-6.5' : '',
      ),
    );
  }
  extra(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A CSV (`;`) with OpenSID's column names. */
export function opensidCsv(rows: Person[]): Buffer {
  const cols = OPENSID_COLUMNS.filter(
    (c) => !['pendidikan_sedang_id', 'ayah_nik', 'ibu_nik', 'akta_lahir', 'lat', 'lng'].includes(c),
  );
  const lines = [
    cols.join(';'),
    ...rows.map((p) =>
      cols.map((c) => String((p as unknown as Record<string, unknown>)[c] ?? '')).join(';'),
    ),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

export function importFile(
  app: FastifyInstance,
  token: string,
  data: Buffer,
  opts: { dryRun?: boolean; filename?: string; format?: 'xlsx' } = {},
) {
  const body = multipart([{ filename: opts.filename ?? 'penduduk.xlsx', data }]);
  const q = new URLSearchParams({
    dry_run: opts.dryRun ? '1' : '0',
    ...(opts.format ? { format: opts.format } : {}),
  });
  return app.inject({
    method: 'POST',
    url: `/api/register/import?${q}`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

export async function personCount(app: FastifyInstance): Promise<number> {
  const r = await app.db
    .selectFrom('register_persons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
