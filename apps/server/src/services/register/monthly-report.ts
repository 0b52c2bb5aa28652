import { sql, type Kysely } from 'kysely';
import { EVENT_LABELS, POPULATION_DELTA, type EventKind } from '@balai/domain';
import type { BySex, RegisterMonthlyReport } from '@balai/domain/contract';
import type { Database } from '../../db/schema.ts';

/**
 * The monthly report (issue 24), counted by the day events HAPPENED. The population at the end of
 * a day is the people present before any of their events (`base_present`) plus the births and
 * arrivals minus the deaths, departures and losses up to that day; the start of a month is the
 * end of the day before it. Both come from the one function, so the end of a month is the start
 * of the next by construction, and because every event is a true change (domain `historyProblem`)
 * start + births + arrivals − deaths − departures − lost = end. A late report changes the month
 * it happened in; the report lists such events both ways.
 */

const zero = (): BySex => ({ male: 0, female: 0, total: 0 });
function add(s: BySex, gender: number, n: number) {
  if (gender === 1) s.male += n;
  else s.female += n;
  s.total += n;
}

export function monthBounds(month: string): { from: string; to: string; before: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const before = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}`, before };
}

/** The population by sex at the end of `day`. */
export async function populationAt(db: Kysely<Database>, day: string): Promise<BySex> {
  const out = zero();
  const base = await db
    .selectFrom('register_persons')
    .select(['gender', sql<number>`count(*)`.as('n')])
    .where('base_present', '=', 1)
    .groupBy('gender')
    .execute();
  for (const r of base) add(out, r.gender, Number(r.n));
  const moves = await db
    .selectFrom('register_events as e')
    .innerJoin('register_persons as p', 'p.id', 'e.person_id')
    .select(['e.kind', 'p.gender', sql<number>`count(*)`.as('n')])
    .where('e.occurred_on', '<=', day)
    .groupBy(['e.kind', 'p.gender'])
    .execute();
  for (const r of moves) add(out, r.gender, POPULATION_DELTA[r.kind] * Number(r.n));
  return out;
}

const reported = (e: {
  id: number;
  kind: EventKind;
  person_id: number;
  name: string;
  occurred_on: string;
  reported_on: string;
}) => ({
  event_id: e.id,
  kind: e.kind,
  kind_label: EVENT_LABELS[e.kind],
  person_id: e.person_id,
  person_name: e.name,
  occurred_on: e.occurred_on,
  reported_on: e.reported_on,
});

export async function monthlyReport(
  db: Kysely<Database>,
  month: string,
): Promise<RegisterMonthlyReport> {
  const { from, to, before } = monthBounds(month);
  const counts: Record<EventKind, BySex> = {
    birth: zero(),
    death: zero(),
    move_in: zero(),
    move_out: zero(),
    lost: zero(),
  };
  const rows = await db
    .selectFrom('register_events as e')
    .innerJoin('register_persons as p', 'p.id', 'e.person_id')
    .select(['e.kind', 'p.gender', sql<number>`count(*)`.as('n')])
    .where('e.occurred_on', '>=', from)
    .where('e.occurred_on', '<=', to)
    .groupBy(['e.kind', 'p.gender'])
    .execute();
  for (const r of rows) add(counts[r.kind], r.gender, Number(r.n));
  const listed = (q: 'late' | 'earlier') =>
    db
      .selectFrom('register_events as e')
      .innerJoin('register_persons as p', 'p.id', 'e.person_id')
      .select(['e.id', 'e.kind', 'e.person_id', 'p.name', 'e.occurred_on', 'e.reported_on'])
      .$call((b) =>
        q === 'late'
          ? b
              .where('e.occurred_on', '>=', from)
              .where('e.occurred_on', '<=', to)
              .where('e.reported_on', '>', to)
          : b
              .where('e.reported_on', '>=', from)
              .where('e.reported_on', '<=', to)
              .where('e.occurred_on', '<', from),
      )
      .orderBy('e.occurred_on')
      .orderBy('e.id')
      .limit(500)
      .execute();
  return {
    month,
    from,
    to,
    start: await populationAt(db, before),
    births: counts.birth,
    deaths: counts.death,
    arrivals: counts.move_in,
    departures: counts.move_out,
    lost: counts.lost,
    end: await populationAt(db, to),
    late_reports: (await listed('late')).map(reported),
    reported_late_this_month: (await listed('earlier')).map(reported),
  };
}
