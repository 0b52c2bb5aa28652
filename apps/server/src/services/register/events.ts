import type { Kysely } from 'kysely';
import {
  EVENT_LABELS,
  historyProblem,
  STATUS_AFTER,
  type EventKind,
  type EventStep,
} from '@balai/domain';
import type { RegisterEvent, RegisterEventBody } from '@balai/domain/contract';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { writeAudit } from '../../repositories/audit-log.ts';
import { insertPerson, type PersonInput } from '../../repositories/register-write.ts';

/**
 * Events (issue 24): each is a true change of a person's presence in the village (the domain's
 * `historyProblem`), so the monthly report adds up; the person's life status follows the last
 * one. A correction changes dates or the note, re-checks the whole history, and is audited with
 * the old and new values and the reason; nothing is edited silently.
 */

const invalid = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });

async function history(db: Kysely<Database>, personId: number) {
  return db
    .selectFrom('register_events')
    .selectAll()
    .where('person_id', '=', personId)
    .orderBy('occurred_on')
    .orderBy('id')
    .execute();
}

function checkHistory(basePresent: boolean, steps: EventStep[]) {
  const problem = historyProblem(basePresent, steps);
  if (problem) throw invalid('occurred_on', problem);
}

export async function toApiEvents(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<RegisterEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('register_events as e')
    .innerJoin('register_persons as p', 'p.id', 'e.person_id')
    .selectAll('e')
    .select('p.name as person_name')
    .where('e.id', 'in', [...ids])
    .execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!)
    .map((e) => ({
      id: e.id,
      kind: e.kind,
      kind_label: EVENT_LABELS[e.kind],
      person_id: e.person_id,
      person_name: e.person_name,
      occurred_on: e.occurred_on,
      reported_on: e.reported_on,
      late: e.reported_on.slice(0, 7) > e.occurred_on.slice(0, 7),
      note: e.note,
      corrected: e.corrected === 1,
      created_at: e.created_at,
    }));
}

type EventInput = RegisterEventBody & { kind: EventKind; occurred_on: string; reported_on: string };

/** Records an event; a birth or an arrival of someone new creates the person. Its id. */
export async function recordEvent(
  db: Kysely<Database>,
  body: EventInput,
  person: PersonInput | null,
  userId: number,
): Promise<number> {
  return db.transaction().execute((trx) => recordEventIn(trx, body, person, userId));
}

/** `recordEvent` inside the caller's transaction (a letter recording its birth or death, issue 21). */
export async function recordEventIn(
  trx: Kysely<Database>,
  body: EventInput,
  person: PersonInput | null,
  userId: number,
): Promise<number> {
  if (body.reported_on < body.occurred_on) {
    throw invalid('reported_on', 'Tanggal lapor tidak boleh sebelum tanggal kejadian.');
  }
  let personId = body.person_id ?? null;
  const creates = body.kind === 'birth' || (body.kind === 'move_in' && !personId);
  if (creates) {
    if (!person) throw invalid('person', 'Isi data penduduk yang lahir atau datang.');
    if (body.kind === 'birth' && !person.birth_date) person.birth_date = body.occurred_on;
    personId = await insertPerson(trx, person, {
      familyId: body.family_id ?? null,
      basePresent: false,
      status: STATUS_AFTER[body.kind],
    });
  } else if (!personId) {
    throw invalid('person_id', 'Pilih penduduk yang mengalami peristiwa ini.');
  }
  const p = await trx
    .selectFrom('register_persons')
    .select(['id', 'base_present'])
    .where('id', '=', personId)
    .executeTakeFirst();
  if (!p) throw invalid('person_id', 'Penduduk tidak ditemukan.');
  const steps: EventStep[] = (await history(trx, personId)).map((e) => ({
    kind: e.kind,
    occurred_on: e.occurred_on,
  }));
  steps.push({ kind: body.kind, occurred_on: body.occurred_on });
  checkHistory(p.base_present === 1, steps);
  const now = nowIso();
  const row = await trx
    .insertInto('register_events')
    .values({
      person_id: personId,
      kind: body.kind,
      occurred_on: body.occurred_on,
      reported_on: body.reported_on,
      note: body.note ?? null,
      corrected: 0,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('register_persons')
    .set({ life_status: STATUS_AFTER[body.kind], updated_at: now })
    .where('id', '=', personId)
    .execute();
  await writeAudit(trx, {
    user_id: userId,
    action: 'register.event.create',
    subject_type: 'register_person',
    subject_id: personId,
    detail: {
      event_id: row.id,
      kind: body.kind,
      occurred_on: body.occurred_on,
      reported_on: body.reported_on,
    },
  });
  return row.id;
}

export interface Correction {
  occurred_on?: string | null | undefined;
  reported_on?: string | null | undefined;
  note?: string | null | undefined;
  reason: string;
}

/** Corrects an event's dates or note (audited with old, new and the reason). */
export async function correctEvent(
  db: Kysely<Database>,
  id: number,
  c: Correction,
  userId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const e = await trx
      .selectFrom('register_events')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!e) throw notFound('Peristiwa tidak ditemukan.');
    const next = {
      occurred_on: c.occurred_on ?? e.occurred_on,
      reported_on: c.reported_on ?? e.reported_on,
      note: c.note === undefined ? e.note : c.note,
    };
    if (next.reported_on < next.occurred_on) {
      throw invalid('reported_on', 'Tanggal lapor tidak boleh sebelum tanggal kejadian.');
    }
    const changes: Record<string, { old: unknown; new: unknown }> = {};
    for (const k of ['occurred_on', 'reported_on', 'note'] as const) {
      if (next[k] !== e[k]) changes[k] = { old: e[k], new: next[k] };
    }
    if (Object.keys(changes).length === 0) return;
    const p = await trx
      .selectFrom('register_persons')
      .select('base_present')
      .where('id', '=', e.person_id)
      .executeTakeFirstOrThrow();
    const steps = (await history(trx, e.person_id))
      .map((x) => (x.id === id ? { ...x, occurred_on: next.occurred_on } : x))
      .sort((a, b) =>
        a.occurred_on === b.occurred_on ? a.id - b.id : a.occurred_on < b.occurred_on ? -1 : 1,
      )
      .map((x) => ({ kind: x.kind, occurred_on: x.occurred_on }));
    checkHistory(p.base_present === 1, steps);
    const now = nowIso();
    await trx
      .updateTable('register_events')
      .set({ ...next, corrected: 1, updated_at: now })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      user_id: userId,
      action: 'register.event.correct',
      subject_type: 'register_person',
      subject_id: e.person_id,
      detail: { event_id: id, kind: e.kind, changes, reason: c.reason },
    });
  });
}
