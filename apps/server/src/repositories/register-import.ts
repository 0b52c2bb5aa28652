import { sql, type Kysely } from 'kysely';
import { HEAD_RELATIONSHIP, type LifeStatus } from '@balai/domain';
import type { ImportProblem } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';
import { AreaResolver, type AreaIds } from './register-areas.ts';

/**
 * Writing an import (issue 24) in ONE transaction: areas created as met, families by No. KK
 * (new ones inserted, known ones take the head row's address and place), people by NIK (new ones
 * inserted in chunks, known ones updated), then each touched family's head set from SHDK.
 * A known person with events keeps the life status the events gave (a warning says so when the
 * file disagrees): events, not imports, move people (the import is never counted as arrivals).
 * A dry run reads what exists and counts, and writes nothing. The people arrive as a stream
 * (the file read a second time), so 100,000 of them are never held at once.
 */

const CHUNK = 400;

/** A row that can be taken: the person as stored (codes), the family's number, the place. */
export interface ParsedPerson {
  row: number;
  nik: string;
  name: string;
  kk_number: string;
  gender: number;
  birth_place: string | null;
  birth_date: string | null;
  religion: number | null;
  education: number | null;
  occupation: number | null;
  marital_status: number | null;
  relationship: number | null;
  nationality: number | null;
  blood_type: number | null;
  father_name: string | null;
  mother_name: string | null;
  address: string | null;
  hamlet: string | null;
  rw: string | null;
  rt: string | null;
  life_status: LifeStatus;
}

/** What the checking pass learnt: each valid NIK's row and status, each family's head row, the places. */
export interface ImportPlan {
  niks: Map<string, { row: number; status: LifeStatus }>;
  families: Map<string, FamilyHead>;
  places: Map<string, Place>;
}
export interface Place {
  hamlet: string | null;
  rw: string | null;
  rt: string | null;
}
export interface FamilyHead extends Place {
  address: string | null;
  isHead: boolean;
}
export const placeKey = (p: Place) => `${p.hamlet ?? ''}|${p.rw ?? ''}|${p.rt ?? ''}`;

export interface ImportWrite {
  added: number;
  updated: number;
  families: number;
  areasCreated: number;
  warnings: ImportProblem[];
}

export const nameSearch = (name: string) => name.toLowerCase();

function personValues(p: ParsedPerson, ids: AreaIds, familyId: number | null, now: string) {
  return {
    nik: p.nik,
    name: p.name,
    name_search: nameSearch(p.name),
    gender: p.gender,
    birth_place: p.birth_place,
    birth_date: p.birth_date,
    religion: p.religion,
    education: p.education,
    occupation: p.occupation,
    marital_status: p.marital_status,
    relationship: p.relationship,
    nationality: p.nationality,
    blood_type: p.blood_type,
    father_name: p.father_name,
    mother_name: p.mother_name,
    address: p.address,
    ...ids,
    family_id: familyId,
    updated_at: now,
  };
}

export async function writeImport(
  db: Kysely<Database>,
  plan: ImportPlan,
  people: () => AsyncIterable<ParsedPerson>,
  opts: { dryRun: boolean },
): Promise<ImportWrite> {
  const run = async (trx: Kysely<Database>): Promise<ImportWrite> => {
    const now = nowIso();
    const warnings: ImportProblem[] = [];
    const areas = await AreaResolver.load(trx);
    const create = !opts.dryRun;
    const placeIds = new Map<string, AreaIds>();
    for (const [k, p] of plan.places) placeIds.set(k, await areas.ids(p, create));
    const idsOf = (p: Place) => placeIds.get(placeKey(p))!;

    const familyId = new Map<string, number>();
    for (const kks of chunks([...plan.families.keys()], 2000)) {
      const rows = await trx
        .selectFrom('register_families')
        .select(['id', 'kk_number'])
        .where('kk_number', 'in', kks)
        .execute();
      for (const r of rows) familyId.set(r.kk_number, r.id);
    }
    if (create) {
      const known = new Set(familyId.keys());
      const fresh = [...plan.families.entries()].filter(([kk]) => !known.has(kk));
      for (const part of chunks(fresh, CHUNK)) {
        const inserted = await trx
          .insertInto('register_families')
          .values(
            part.map(([kk, h]) => ({
              kk_number: kk,
              address: h.address,
              ...idsOf(h),
              head_person_id: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .returning(['id', 'kk_number'])
          .execute();
        for (const r of inserted) familyId.set(r.kk_number, r.id);
      }
      for (const kk of known) {
        const h = plan.families.get(kk)!;
        await trx
          .updateTable('register_families')
          .set({ address: h.address, ...idsOf(h), updated_at: now })
          .where('id', '=', familyId.get(kk)!)
          .execute();
      }
    }

    // Known NIKs, and whether their status follows events.
    const known = new Map<string, { id: number; followsEvents: boolean }>();
    for (const niks of chunks([...plan.niks.keys()], 2000)) {
      const rows = await trx
        .selectFrom('register_persons as p')
        .select(['p.id', 'p.nik', 'p.life_status'])
        .select((eb) =>
          eb
            .selectFrom('register_events as e')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('e.person_id', '=', 'p.id')
            .as('events'),
        )
        .where('p.nik', 'in', niks)
        .execute();
      for (const r of rows) {
        const followsEvents = Number(r.events ?? 0) > 0;
        known.set(r.nik, { id: r.id, followsEvents });
        const inFile = plan.niks.get(r.nik)!;
        if (followsEvents && r.life_status !== inFile.status) {
          warnings.push({
            row: inFile.row,
            column: 'life_status',
            message: `Status dasar tidak diubah oleh impor (tetap "${r.life_status}", mengikuti peristiwa). Catat peristiwa untuk mengubahnya.`,
          });
        }
      }
    }
    const updated = known.size;
    const added = plan.niks.size - updated;
    if (create) {
      let batch: ParsedPerson[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await trx
          .insertInto('register_persons')
          .values(
            batch.map((p) => ({
              ...personValues(p, idsOf(p), familyId.get(p.kk_number) ?? null, now),
              life_status: p.life_status,
              base_present: p.life_status === 'hidup' ? 1 : 0,
              created_at: now,
            })),
          )
          .execute();
        batch = [];
      };
      for await (const p of people()) {
        const k = known.get(p.nik);
        if (!k) {
          batch.push(p);
          if (batch.length >= CHUNK) await flush();
          continue;
        }
        await trx
          .updateTable('register_persons')
          .set({
            ...personValues(p, idsOf(p), familyId.get(p.kk_number) ?? null, now),
            ...(k.followsEvents
              ? {}
              : { life_status: p.life_status, base_present: p.life_status === 'hidup' ? 1 : 0 }),
          })
          .where('id', '=', k.id)
          .execute();
      }
      await flush();
      await setHeads(trx, [...familyId.values()]);
    }
    return { added, updated, families: plan.families.size, areasCreated: areas.created, warnings };
  };
  return opts.dryRun ? run(db) : db.transaction().execute(run);
}

/** Each family's head: its first member with SHDK 1 (null when none). */
export async function setHeads(db: Kysely<Database>, familyIds: readonly number[]): Promise<void> {
  for (const ids of chunks(familyIds, 1000)) {
    await db
      .updateTable('register_families')
      .set({
        head_person_id: (eb) =>
          eb
            .selectFrom('register_persons as p')
            .select((e) => e.fn.min('p.id').as('h'))
            .whereRef('p.family_id', '=', 'register_families.id')
            .where('p.relationship', '=', HEAD_RELATIONSHIP),
      })
      .where('id', 'in', ids)
      .execute();
  }
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
