import { PERSON_LABELS } from '@balai/domain';

/**
 * The columns of a register file: Balai's template writes the Indonesian header (the field's
 * label from the domain's definitions); OpenSID's "Data Penduduk" sheet names them in lower case
 * (REGISTER.md). Both are read, in any case and order.
 */
export type ColumnKey =
  | 'nik'
  | 'name'
  | 'kk_number'
  | 'relationship'
  | 'gender'
  | 'birth_place'
  | 'birth_date'
  | 'religion'
  | 'education'
  | 'occupation'
  | 'marital_status'
  | 'nationality'
  | 'father_name'
  | 'mother_name'
  | 'blood_type'
  | 'address'
  | 'hamlet'
  | 'rw'
  | 'rt'
  | 'life_status';

const LIFE_STATUS_HEADER = 'Status dasar';

/** The template's columns in order: key, header (label), OpenSID's name. */
export const REGISTER_COLUMNS: readonly { key: ColumnKey; header: string; opensid: string }[] = (
  [
    ['nik', 'nik'],
    ['name', 'nama'],
    ['kk_number', 'no_kk'],
    ['relationship', 'kk_level'],
    ['gender', 'sex'],
    ['birth_place', 'tempatlahir'],
    ['birth_date', 'tanggallahir'],
    ['religion', 'agama_id'],
    ['education', 'pendidikan_kk_id'],
    ['occupation', 'pekerjaan_id'],
    ['marital_status', 'status_kawin'],
    ['nationality', 'warganegara_id'],
    ['father_name', 'nama_ayah'],
    ['mother_name', 'nama_ibu'],
    ['blood_type', 'golongan_darah_id'],
    ['address', 'alamat'],
    ['hamlet', 'dusun'],
    ['rw', 'rw'],
    ['rt', 'rt'],
    ['life_status', 'status_dasar'],
  ] as const
).map(([key, opensid]) => ({
  key,
  opensid,
  header: key === 'life_status' ? LIFE_STATUS_HEADER : (PERSON_LABELS[key] ?? key),
}));

/** OpenSID's other columns: known, not kept by Balai, skipped without a warning. */
const OPENSID_SKIPPED = new Set(
  `pendidikan_sedang_id ayah_nik ibu_nik akta_lahir dokumen_pasport tanggal_akhir_paspor
  dokumen_kitas akta_perkawinan tanggalperkawinan akta_perceraian tanggalperceraian cacat_id
  cara_kb_id hamil ktp_el status_rekam alamat_sekarang suku tag_id_card id_asuransi no_asuransi
  lat lng`.split(/\s+/),
);

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const byHeader = new Map<string, ColumnKey>();
for (const c of REGISTER_COLUMNS) {
  byHeader.set(norm(c.header), c.key);
  byHeader.set(norm(c.opensid), c.key);
}
byHeader.set('nama', 'name');
byHeader.set('no kk', 'kk_number');
byHeader.set('shdk', 'relationship');
byHeader.set('jenis kelamin', 'gender');

export interface HeaderMap {
  /** Column index (0-based) → key. */
  columns: Map<number, ColumnKey>;
  /** Header texts neither Balai nor OpenSID knows (a warning on row 1). */
  unknown: string[];
  format: 'opensid' | 'balai';
}

/** Reads a header row; null when it has no name column (not a data sheet). */
export function readHeader(cells: readonly string[]): HeaderMap | null {
  const columns = new Map<number, ColumnKey>();
  const unknown: string[] = [];
  let opensid = 0;
  cells.forEach((raw, i) => {
    const h = norm(raw);
    if (h === '') return;
    const key = byHeader.get(h);
    if (key && ![...columns.values()].includes(key)) {
      columns.set(i, key);
      if (REGISTER_COLUMNS.some((c) => c.opensid === h)) opensid++;
    } else if (!OPENSID_SKIPPED.has(h)) unknown.push(raw.trim());
  });
  if (![...columns.values()].includes('name')) return null;
  return { columns, unknown, format: opensid >= columns.size / 2 ? 'opensid' : 'balai' };
}
