import type { Kysely } from 'kysely';
import { ACTIVATION_CODE_MIN_AGE, ageOn } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { codePersons, type CodePerson } from '../repositories/activation-codes.ts';

// Who an activation code is made for (issue 21.2, ADR 0029): one person, a family or an area,
// in the order an RT head walks. Making the codes is services/activation-codes.ts.

/** At most this many slips in one PDF (an area larger than this is printed RT by RT). */
export const MAX_SLIPS = 600;

const LIFE_LABEL: Record<string, string> = {
  meninggal: 'meninggal dunia',
  pindah: 'pindah keluar',
  hilang: 'hilang',
};

/** Old enough for a KTP (17) or married: who gets a code with their family or area. */
export function ktpAge(p: Pick<CodePerson, 'birth_date' | 'marital_status'>, today: string) {
  const married = p.marital_status !== null && p.marital_status !== 1;
  return (
    married || (p.birth_date !== null && ageOn(p.birth_date, today) >= ACTIVATION_CODE_MIN_AGE)
  );
}

export type CodeTarget =
  { kind: 'person'; id: number } | { kind: 'family'; id: number } | { kind: 'area'; id: number };

const ORDER = ['rt', 'family', 'relationship'] as const;

/** The persons a target gives a code to; a 404/422 in Indonesian when there is none. */
export async function targetPersons(db: Kysely<Database>, target: CodeTarget, today: string) {
  if (target.kind === 'person') {
    const p = await codePersons(db).where('p.id', '=', target.id).executeTakeFirst();
    if (!p) throw notFound('Penduduk tidak ditemukan.');
    if (p.life_status !== 'hidup') {
      throw new HttpError(
        422,
        `${p.name} tercatat ${LIFE_LABEL[p.life_status] ?? p.life_status}: kode aktivasi hanya untuk warga yang masih tinggal di desa.`,
      );
    }
    if (!ktpAge(p, today)) {
      throw new HttpError(
        422,
        `${p.name} belum berumur ${ACTIVATION_CODE_MIN_AGE} tahun dan belum kawin (belum wajib KTP): kode aktivasi belum dapat dibuat.`,
      );
    }
    return [p];
  }
  let q = codePersons(db).where('p.life_status', '=', 'hidup');
  let what: string;
  if (target.kind === 'family') {
    const family = await db
      .selectFrom('register_families')
      .select('id')
      .where('id', '=', target.id)
      .executeTakeFirst();
    if (!family) throw notFound('Keluarga tidak ditemukan.');
    q = q.where('p.family_id', '=', target.id);
    what = 'anggota keluarga ini';
  } else {
    const area = await db
      .selectFrom('register_areas')
      .select(['id', 'kind', 'name'])
      .where('id', '=', target.id)
      .executeTakeFirst();
    if (!area) throw notFound('Wilayah tidak ditemukan.');
    const column =
      area.kind === 'dusun' ? 'p.dusun_id' : area.kind === 'rw' ? 'p.rw_id' : 'p.rt_id';
    q = q.where(column, '=', target.id);
    what = `warga ${area.kind === 'dusun' ? 'Dusun' : area.kind.toUpperCase()} ${area.name}`;
  }
  const rows = (await q.orderBy('p.id').execute())
    // With a family or an area: living, of KTP age, and without an account (a reset is
    // asked for one person).
    .filter((p) => p.user_id === null && ktpAge(p, today));
  if (rows.length === 0) {
    throw new HttpError(
      422,
      `Tidak ada ${what} yang dapat diberi kode aktivasi: semua sudah punya akun, belum berumur ${ACTIVATION_CODE_MIN_AGE} tahun, atau tidak lagi tinggal di desa.`,
    );
  }
  if (rows.length > MAX_SLIPS) {
    throw new HttpError(
      422,
      `Terlalu banyak slip sekaligus (${rows.length}; paling banyak ${MAX_SLIPS}). Cetak per RT.`,
    );
  }
  // Printed in the order an RT head walks: by RT, by family, head of family first.
  const key = (p: CodePerson) => [p.rt ?? '', p.family_id ?? 0, p.relationship ?? 99] as const;
  return rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ORDER.length; i++) {
      const x = ka[i]!;
      const y = kb[i]!;
      if (x !== y)
        return typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y), 'id', { numeric: true });
    }
    return a.id - b.id;
  });
}

export function placeOf(p: CodePerson): string {
  return [
    p.dusun ? `Dusun ${p.dusun}` : null,
    p.rw ? `RW ${p.rw}` : null,
    p.rt ? `RT ${p.rt}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}
