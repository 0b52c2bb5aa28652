// The NIK's own checks (REGISTER.md "The NIK"): 16 digits = province (2), regency (2), kecamatan
// (2), birth date DDMMYY with 40 added to DD for women, a 4-digit serial. Only the length is an
// error: people born or registered elsewhere carry another region code, and registry data has
// real date mismatches, so the region and the date are warnings.

/** The cleaned NIK or No. KK of a cell: invisible characters, spaces, dots and quotes removed. */
export function cleanIdNumber(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[\s\u200B-\u200D\u2060\uFEFF\u00A0.'`"-]/g, '');
}

export const NIK_LENGTH_MESSAGE = 'NIK harus 16 digit angka.';
export const KK_LENGTH_MESSAGE = 'No. KK harus 16 digit angka.';

export const isSixteenDigits = (s: string): boolean => /^\d{16}$/.test(s);

export interface NikCheck {
  /** The region code of this village's kecamatan (first 6 digits of the village code), if known. */
  regionCode?: string | null;
  /** YYYY-MM-DD */
  birthDate?: string | null;
  /** 1 laki-laki, 2 perempuan */
  sex?: number | null;
}

export interface NikProblems {
  errors: string[];
  warnings: string[];
}

/** The birth date's day and sex the NIK encodes: DD (women DD+40), MM, YY. Null when impossible. */
export function nikBirth(
  nik: string,
): { day: number; month: number; yy: number; sex: 1 | 2 } | null {
  if (!isSixteenDigits(nik)) return null;
  const dd = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const yy = Number(nik.slice(10, 12));
  const sex = dd > 40 ? 2 : 1;
  const day = sex === 2 ? dd - 40 : dd;
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  return { day, month, yy, sex };
}

/** The region code (province, regency, kecamatan: 6 digits) of a 10-digit village code. */
export function regionCodeOfVillage(villageCode: string | null | undefined): string | null {
  const d = (villageCode ?? '').replace(/\D/g, '');
  return d.length >= 6 ? d.slice(0, 6) : null;
}

/** Errors (the NIK cannot be taken) and warnings (it can, but looks unlike the person). */
export function checkNik(nik: string, c: NikCheck = {}): NikProblems {
  const out: NikProblems = { errors: [], warnings: [] };
  if (!isSixteenDigits(nik)) {
    out.errors.push(NIK_LENGTH_MESSAGE);
    return out;
  }
  if (c.regionCode && nik.slice(0, 6) !== c.regionCode) {
    out.warnings.push(
      `Kode wilayah NIK (${nik.slice(0, 6)}) bukan kode kecamatan desa ini (${c.regionCode}).`,
    );
  }
  const b = nikBirth(nik);
  if (!b) {
    out.warnings.push('Tanggal lahir dalam NIK (digit 7–12) bukan tanggal yang sah.');
    return out;
  }
  if (c.sex && b.sex !== c.sex) {
    out.warnings.push(
      c.sex === 2
        ? 'NIK tertulis untuk laki-laki (tanggal lahir di NIK tidak ditambah 40), tetapi jenis kelamin perempuan.'
        : 'NIK tertulis untuk perempuan (tanggal lahir di NIK ditambah 40), tetapi jenis kelamin laki-laki.',
    );
  }
  if (c.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(c.birthDate)) {
    const [y, m, d] = c.birthDate.split('-').map(Number) as [number, number, number];
    if (d !== b.day || m !== b.month || y % 100 !== b.yy) {
      const shown = `${String(b.day).padStart(2, '0')}-${String(b.month).padStart(2, '0')}-${String(b.yy).padStart(2, '0')}`;
      out.warnings.push(
        `Tanggal lahir dalam NIK (${shown}) berbeda dengan tanggal lahir ${c.birthDate}.`,
      );
    }
  }
  return out;
}
