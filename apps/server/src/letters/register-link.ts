/**
 * Letters that update the register (issue 21, ADR 0030). An issued Kelahiran letter offers
 * "Catat kelahiran di buku induk": the baby becomes a person of the family (prefilled from the
 * letter, the office types the NIK); an issued Kematian letter offers "Catat kematian": a death
 * event for the deceased (life status meninggal), their account closed and its sessions ended.
 * Each is one confirmed action, in one transaction with the event, the link on the request
 * (`register_event_id`, set once: a letter records its event at most once) and the audit row.
 */
import type { Kysely } from 'kysely';
import {
  CITIZENSHIP_CODES,
  labelOf,
  maskIdNumber,
  RELIGION_CODES,
  todayIso,
  type FieldValues,
} from '@balai/domain';
import type { RegisterEventProposal } from '@balai/domain/contract';
import type { Database } from '../db/schema.ts';
import { HttpError, conflict, notFound } from '../lib/http-error.ts';
import { nowIso } from '../lib/time.ts';
import { writeAudit } from '../repositories/audit-log.ts';
import {
  findLetterRequest,
  parseData,
  type LetterRequestRow,
} from '../repositories/letter-requests.ts';
import { biodataOf, findSubject } from '../repositories/register-links.ts';
import { revokeUserSessions } from '../repositories/sessions.ts';
import { recordEventIn } from '../services/register/events.ts';
import { REQUEST_NOT_FOUND } from './conflicts.ts';
import type { Actor } from './types.ts';

const KINDS = { kkel: 'birth', kkem: 'death' } as const;
const LABELS = { birth: 'Catat kelahiran di buku induk', death: 'Catat kematian' } as const;

const text = (data: FieldValues, key: string): string | null => {
  const v = data[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
};

async function personByNik(db: Kysely<Database>, nik: string | null) {
  if (!nik) return undefined;
  return db
    .selectFrom('register_persons')
    .select(['id', 'family_id'])
    .where('nik', '=', nik)
    .executeTakeFirst();
}

/** The family the baby joins: the father's (by his NIK), else the mother's, else the applicant's. */
async function babyFamily(db: Kysely<Database>, row: LetterRequestRow, data: FieldValues) {
  for (const nik of [text(data, 'father_nik'), text(data, 'mother_nik')]) {
    const p = await personByNik(db, nik);
    if (p?.family_id) return { familyId: p.family_id, parentId: p.id };
  }
  const applicant = row.subject_person_id ?? (await accountPerson(db, row.applicant_user_id));
  if (applicant === null) return null;
  const p = await db
    .selectFrom('register_persons')
    .select(['id', 'family_id'])
    .where('id', '=', applicant)
    .executeTakeFirst();
  return p?.family_id ? { familyId: p.family_id, parentId: null } : null;
}

async function accountPerson(db: Kysely<Database>, userId: number | null) {
  if (userId === null) return null;
  const u = await db
    .selectFrom('users')
    .select('register_person_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return u?.register_person_id ?? null;
}

async function familyView(db: Kysely<Database>, familyId: number) {
  const f = await db
    .selectFrom('register_families as f')
    .leftJoin('register_persons as h', 'h.id', 'f.head_person_id')
    .leftJoin('register_areas as d', 'd.id', 'f.dusun_id')
    .leftJoin('register_areas as w', 'w.id', 'f.rw_id')
    .leftJoin('register_areas as t', 't.id', 'f.rt_id')
    .select([
      'f.id',
      'f.kk_number',
      'f.address',
      'h.name as head_name',
      'h.religion',
      'h.nationality',
      'd.name as hamlet',
      'w.name as rw',
      't.name as rt',
    ])
    .where('f.id', '=', familyId)
    .executeTakeFirst();
  return f;
}

/** What the letter would record, and how (null `write` when it cannot now: `blocked` says why). */
interface Plan {
  proposal: RegisterEventProposal;
  write:
    | ((
        trx: Kysely<Database>,
        actor: Actor,
        nik: string | undefined,
      ) => Promise<{ eventId: number; closed: number }>)
    | null;
}

async function plan(db: Kysely<Database>, row: LetterRequestRow): Promise<Plan> {
  const kind = KINDS[row.type as keyof typeof KINDS];
  if (!kind) {
    throw conflict('Hanya surat Kelahiran atau Kematian yang dapat dicatat di buku induk.');
  }
  const data = parseData(row);
  const reportedOn = todayIso(new Date(row.created_at));
  const base = {
    kind,
    action_label: LABELS[kind],
    recorded_event_id: row.register_event_id,
    reported_on: reportedOn,
  };
  const issued =
    row.status === 'completed'
      ? null
      : 'Terbitkan suratnya lebih dulu; peristiwa dicatat dari surat yang sudah terbit.';
  const recorded =
    row.register_event_id === null
      ? null
      : kind === 'birth'
        ? 'Kelahiran dari surat ini sudah dicatat di buku induk.'
        : 'Kematian dari surat ini sudah dicatat di buku induk.';

  if (kind === 'birth') {
    const occurredOn = text(data, 'baby_birth_date') ?? reportedOn;
    const home = await babyFamily(db, row, data);
    const family = home ? await familyView(db, home.familyId) : undefined;
    const person = {
      id: null,
      name: text(data, 'baby_name') ?? '',
      gender: text(data, 'baby_gender'),
      birth_place: text(data, 'birth_city'),
      birth_date: occurredOn,
      father_name: text(data, 'father_name'),
      mother_name: text(data, 'mother_name'),
      relationship: 'Anak',
    };
    const blocked =
      recorded ??
      issued ??
      (family
        ? null
        : 'Keluarga bayi tidak ditemukan di buku induk: NIK ayah atau ibu pada surat tidak terdaftar, dan pemohon tidak terhubung ke keluarga. Catat kelahiran lewat menu Kependudukan.');
    return {
      proposal: {
        ...base,
        blocked,
        person,
        family: family
          ? {
              id: family.id,
              kk_masked: maskIdNumber(family.kk_number),
              head_name: family.head_name,
            }
          : null,
        occurred_on: occurredOn,
        accounts_to_close: 0,
      },
      write:
        blocked || !family
          ? null
          : async (trx, actor, nik) => {
              if (!nik) {
                const message =
                  'Isi NIK bayi (16 digit, dari Kartu Keluarga yang baru) untuk mencatat kelahirannya.';
                throw new HttpError(422, message, { nik: [message] });
              }
              const eventId = await recordEventIn(
                trx,
                {
                  kind: 'birth',
                  occurred_on: occurredOn,
                  reported_on: reportedOn,
                  family_id: family.id,
                  note: `Dari surat ${row.number ?? `#${row.id}`}`,
                },
                {
                  nik,
                  name: person.name,
                  gender: person.gender,
                  birth_place: person.birth_place,
                  birth_date: person.birth_date,
                  father_name: person.father_name,
                  mother_name: person.mother_name,
                  relationship: person.relationship,
                  // A newborn shares the family head's religion and citizenship until corrected.
                  religion: labelOf(RELIGION_CODES, family.religion),
                  nationality: labelOf(CITIZENSHIP_CODES, family.nationality),
                  address: family.address,
                  hamlet: family.hamlet,
                  rw: family.rw,
                  rt: family.rt,
                },
                actor.user.id,
              );
              return { eventId, closed: 0 };
            },
    };
  }

  const nik = text(data, 'deceased_nik');
  const deceased = await personByNik(db, nik);
  const full = deceased ? await findSubject(db, deceased.id) : undefined;
  const family = full?.family_id ? await familyView(db, full.family_id) : undefined;
  const occurredOn = text(data, 'death_date') ?? reportedOn;
  const accounts = deceased
    ? await db
        .selectFrom('users')
        .select('id')
        .where('register_person_id', '=', deceased.id)
        .where('active', '=', 1)
        .execute()
    : [];
  const bio = full ? biodataOf(full) : null;
  const blocked =
    recorded ??
    issued ??
    (full
      ? full.life_status === 'hidup'
        ? null
        : `Menurut buku induk, ${full.name} tidak lagi tinggal di desa (status: ${full.life_status}); kematian tidak dapat dicatat dari surat ini.`
      : `NIK almarhum/almarhumah pada surat (${nik ? maskIdNumber(nik) : '—'}) tidak ada di buku induk desa. Catat kematian lewat menu Kependudukan bila perlu.`);
  return {
    proposal: {
      ...base,
      blocked,
      person: {
        id: full?.id ?? null,
        name: full?.name ?? text(data, 'deceased_name') ?? '',
        gender: bio?.gender ?? text(data, 'deceased_gender'),
        birth_place: full?.birth_place ?? null,
        birth_date: full?.birth_date ?? null,
        father_name: full?.father_name ?? null,
        mother_name: full?.mother_name ?? null,
        relationship: null,
      },
      family: family
        ? { id: family.id, kk_masked: maskIdNumber(family.kk_number), head_name: family.head_name }
        : null,
      occurred_on: occurredOn,
      accounts_to_close: accounts.length,
    },
    write:
      blocked || !full
        ? null
        : async (trx, actor) => {
            const eventId = await recordEventIn(
              trx,
              {
                kind: 'death',
                person_id: full.id,
                occurred_on: occurredOn,
                reported_on: reportedOn,
                note: `Dari surat ${row.number ?? `#${row.id}`}`,
              },
              null,
              actor.user.id,
            );
            return { eventId, closed: await closeAccounts(trx, actor, full.id, row.id) };
          },
  };
}

/** A dead person's accounts: inactive, every session ended, audited. */
async function closeAccounts(
  trx: Kysely<Database>,
  actor: Actor,
  personId: number,
  requestId: number,
): Promise<number> {
  const accounts = await trx
    .selectFrom('users')
    .select('id')
    .where('register_person_id', '=', personId)
    .where('active', '=', 1)
    .execute();
  for (const a of accounts) {
    await trx
      .updateTable('users')
      .set({ active: 0, updated_at: nowIso() })
      .where('id', '=', a.id)
      .execute();
    await revokeUserSessions(trx, a.id);
    await writeAudit(trx, {
      action: 'account.closed',
      user_id: actor.user.id,
      subject_type: 'user',
      subject_id: a.id,
      ip: actor.ip,
      detail: { reason: 'death', register_person_id: personId, letter_request_id: requestId },
    });
  }
  return accounts.length;
}

async function requestOf(db: Kysely<Database>, id: number): Promise<LetterRequestRow> {
  const row = await findLetterRequest(db, id);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return row;
}

/** What an issued Kelahiran or Kematian letter would record (the confirmation's prefilled view). */
export async function registerEventProposalOf(
  db: Kysely<Database>,
  id: number,
): Promise<RegisterEventProposal> {
  return (await plan(db, await requestOf(db, id))).proposal;
}

/**
 * Records the letter's birth or death: the request is claimed first (`register_event_id` still
 * empty), so of two clicks at once one records and the other gets a 409; then the event, the
 * link and the audit row, in one transaction.
 */
export async function recordEventFromLetter(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  nik: string | undefined,
): Promise<{ data: RegisterEventProposal; closed: number }> {
  const closed = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    // The row lock (PostgreSQL) or the write lock (SQLite) is taken before anything is read.
    const claimed = await trx
      .updateTable('letter_requests')
      .set({ updated_at: now })
      .where('id', '=', id)
      .where('register_event_id', 'is', null)
      .executeTakeFirst();
    const row = await requestOf(trx, id);
    const p = await plan(trx, row);
    if (Number(claimed.numUpdatedRows) === 0 || !p.write) {
      throw conflict(p.proposal.blocked ?? 'Peristiwa dari surat ini sudah dicatat di buku induk.');
    }
    const { eventId, closed } = await p.write(trx, actor, nik);
    await trx
      .updateTable('letter_requests')
      .set({ register_event_id: eventId })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      action: 'letter.register_event',
      user_id: actor.user.id,
      subject_type: 'letter_request',
      subject_id: id,
      ip: actor.ip,
      detail: { type: row.type, kind: p.proposal.kind, event_id: eventId, accounts_closed: closed },
    });
    return closed;
  });
  return { data: await registerEventProposalOf(db, id), closed };
}
