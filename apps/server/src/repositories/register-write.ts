import type { Kysely } from 'kysely';
import {
  codeOf,
  HEAD_RELATIONSHIP,
  maskIdNumber,
  REGISTER_CODE_LISTS,
  type CodedField,
  type FieldValue,
  type LifeStatus,
} from '@balai/domain';
import type { Database } from '../db/schema.ts';
import { conflict, HttpError, notFound } from '../lib/http-error.ts';
import { nowIso } from '../lib/time.ts';
import { writeAudit } from './audit-log.ts';
import { AreaResolver } from './register-areas.ts';
import { nameSearch, setHeads } from './register-import.ts';
import { followRegister } from './register-links.ts';

/**
 * Changes to people and families made one at a time by the office (issue 24): a new person
 * (born or arrived), an edit, a move to another family, a family split. Each is audited with the
 * old and new values (NIK and No. KK masked in the audit log, as everywhere in it).
 */

/** A person as the forms send it: the PERSON_FIELDS and AREA_FIELDS, choice fields as labels. */
export type PersonInput = Record<string, FieldValue | undefined>;

const CODED = Object.keys(REGISTER_CODE_LISTS) as CodedField[];
const PLAIN = [
  'nik',
  'name',
  'birth_place',
  'birth_date',
  'father_name',
  'mother_name',
  'address',
] as const;

/** The columns an input sets (only the keys it has); choice labels become codes. */
function columnsOf(input: PersonInput): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const k of PLAIN) {
    if (input[k] !== undefined) out[k] = (input[k] as string | null) ?? null;
  }
  if (typeof input.name === 'string') out.name_search = nameSearch(input.name);
  for (const k of CODED) {
    if (input[k] === undefined) continue;
    out[k] = input[k] === null ? null : (codeOf(REGISTER_CODE_LISTS[k], input[k]) ?? null);
  }
  return out;
}

const hasPlace = (i: PersonInput) =>
  i.hamlet !== undefined || i.rw !== undefined || i.rt !== undefined;

async function assertNikFree(db: Kysely<Database>, nik: unknown, except: number | null) {
  if (typeof nik !== 'string') return;
  const other = await db
    .selectFrom('register_persons')
    .select('id')
    .where('nik', '=', nik)
    .executeTakeFirst();
  if (other && other.id !== except) {
    const message = 'NIK ini sudah terdaftar pada penduduk lain.';
    throw new HttpError(422, message, { nik: [message] });
  }
}

/** Inserts a person (a birth, an arrival); its id. */
export async function insertPerson(
  db: Kysely<Database>,
  input: PersonInput,
  opts: { familyId: number | null; basePresent: boolean; status: LifeStatus },
): Promise<number> {
  await assertNikFree(db, input.nik, null);
  if (opts.familyId !== null) {
    const f = await db
      .selectFrom('register_families')
      .select('id')
      .where('id', '=', opts.familyId)
      .executeTakeFirst();
    if (!f)
      throw new HttpError(422, 'Keluarga tidak ditemukan.', {
        family_id: ['Keluarga tidak ditemukan.'],
      });
  }
  const areas = await AreaResolver.load(db);
  const place = await areas.ids({
    hamlet: (input.hamlet as string | null) ?? null,
    rw: (input.rw as string | null) ?? null,
    rt: (input.rt as string | null) ?? null,
  });
  const now = nowIso();
  const cols = columnsOf(input);
  const row = await db
    .insertInto('register_persons')
    .values({
      nik: String(cols.nik),
      name: String(cols.name),
      name_search: String(cols.name_search),
      gender: Number(cols.gender),
      birth_place: (cols.birth_place as string | null) ?? null,
      birth_date: (cols.birth_date as string | null) ?? null,
      religion: (cols.religion as number | null) ?? null,
      education: (cols.education as number | null) ?? null,
      occupation: (cols.occupation as number | null) ?? null,
      marital_status: (cols.marital_status as number | null) ?? null,
      relationship: (cols.relationship as number | null) ?? null,
      nationality: (cols.nationality as number | null) ?? null,
      blood_type: (cols.blood_type as number | null) ?? null,
      father_name: (cols.father_name as string | null) ?? null,
      mother_name: (cols.mother_name as string | null) ?? null,
      address: (cols.address as string | null) ?? null,
      ...place,
      family_id: opts.familyId,
      life_status: opts.status,
      base_present: opts.basePresent ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.familyId !== null) await setHeads(db, [opts.familyId]);
  return row.id;
}

const shown = (k: string, v: unknown) =>
  k === 'nik' && typeof v === 'string' ? maskIdNumber(v) : v;

/** Edits a person; audits each changed field (old → new). */
export async function updatePerson(
  db: Kysely<Database>,
  id: number,
  input: PersonInput,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('register_persons')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('Penduduk tidak ditemukan.');
    await assertNikFree(trx, input.nik, id);
    const cols = columnsOf(input);
    if (cols.name === null) delete cols.name;
    if (cols.nik === null) delete cols.nik;
    if (cols.gender === null) delete cols.gender;
    if (hasPlace(input)) {
      const areas = await AreaResolver.load(trx);
      Object.assign(
        cols,
        await areas.ids({
          hamlet: (input.hamlet as string | null | undefined) ?? null,
          rw: (input.rw as string | null | undefined) ?? null,
          rt: (input.rt as string | null | undefined) ?? null,
        }),
      );
    }
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    for (const [k, v] of Object.entries(cols)) {
      if (k === 'name_search') continue;
      const old = (before as Record<string, unknown>)[k];
      if (old !== v) changes[k] = { old: shown(k, old), new: shown(k, v) };
    }
    if (Object.keys(changes).length === 0) return;
    await trx
      .updateTable('register_persons')
      .set({ ...cols, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    if ('relationship' in changes && before.family_id !== null)
      await setHeads(trx, [before.family_id]);
    // A linked account follows the correction in the same transaction (issue 21).
    await followRegister(trx, { userId }, [id]);
    await writeAudit(trx, {
      user_id: userId,
      action: 'register.person.update',
      subject_type: 'register_person',
      subject_id: id,
      detail: { changes },
    });
  });
}

/** Moves a person into another family with a relationship there (heads of both re-set). */
export async function movePerson(
  db: Kysely<Database>,
  id: number,
  familyId: number,
  relationship: string | null,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom('register_persons')
      .select(['id', 'family_id', 'relationship'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!p) throw notFound('Penduduk tidak ditemukan.');
    const f = await trx
      .selectFrom('register_families')
      .select(['id', 'kk_number'])
      .where('id', '=', familyId)
      .executeTakeFirst();
    if (!f)
      throw new HttpError(422, 'Keluarga tujuan tidak ditemukan.', {
        family_id: ['Keluarga tujuan tidak ditemukan.'],
      });
    const rel =
      relationship === null
        ? null
        : (codeOf(REGISTER_CODE_LISTS.relationship, relationship) ?? null);
    await trx
      .updateTable('register_persons')
      .set({ family_id: familyId, relationship: rel, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await setHeads(trx, [familyId, ...(p.family_id === null ? [] : [p.family_id])]);
    await followRegister(trx, { userId }, [id]);
    await writeAudit(trx, {
      user_id: userId,
      action: 'register.person.move',
      subject_type: 'register_person',
      subject_id: id,
      detail: {
        changes: {
          family_id: { old: p.family_id, new: familyId },
          relationship: { old: p.relationship, new: rel },
        },
      },
    });
  });
}

/** Splits a family: the listed members get a new card, `headId` its head. The new family's id. */
export async function splitFamily(
  db: Kysely<Database>,
  familyId: number,
  body: { kk_number: string; person_ids: readonly number[]; head_person_id: number },
  userId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const f = await trx
      .selectFrom('register_families')
      .selectAll()
      .where('id', '=', familyId)
      .executeTakeFirst();
    if (!f) throw notFound('Keluarga tidak ditemukan.');
    const taken = await trx
      .selectFrom('register_families')
      .select('id')
      .where('kk_number', '=', body.kk_number)
      .executeTakeFirst();
    if (taken) throw conflict('No. KK ini sudah dipakai keluarga lain.');
    if (!body.person_ids.includes(body.head_person_id)) {
      throw new HttpError(422, 'Kepala keluarga baru harus salah satu anggota yang dipisah.', {
        head_person_id: ['Kepala keluarga baru harus salah satu anggota yang dipisah.'],
      });
    }
    const members = await trx
      .selectFrom('register_persons')
      .select('id')
      .where('family_id', '=', familyId)
      .where('id', 'in', [...body.person_ids])
      .execute();
    if (members.length !== new Set(body.person_ids).size) {
      throw new HttpError(422, 'Semua anggota yang dipisah harus anggota keluarga ini.', {
        person_ids: ['Semua anggota yang dipisah harus anggota keluarga ini.'],
      });
    }
    const now = nowIso();
    const created = await trx
      .insertInto('register_families')
      .values({
        kk_number: body.kk_number,
        address: f.address,
        dusun_id: f.dusun_id,
        rw_id: f.rw_id,
        rt_id: f.rt_id,
        head_person_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('register_persons')
      .set({ family_id: created.id, updated_at: now })
      .where('id', 'in', [...body.person_ids])
      .execute();
    await trx
      .updateTable('register_persons')
      .set({ relationship: HEAD_RELATIONSHIP })
      .where('id', '=', body.head_person_id)
      .execute();
    await setHeads(trx, [familyId, created.id]);
    await followRegister(trx, { userId }, body.person_ids);
    await writeAudit(trx, {
      user_id: userId,
      action: 'register.family.split',
      subject_type: 'register_family',
      subject_id: familyId,
      detail: {
        new_family_id: created.id,
        kk_number: maskIdNumber(body.kk_number),
        person_ids: body.person_ids,
        head_person_id: body.head_person_id,
      },
    });
    return created.id;
  });
}
