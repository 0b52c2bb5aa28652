import type { LifeStatus } from './codes.ts';

// Events (peristiwa) and how they move a person's life status. Every recorded event is a true
// change: a death, a move out or a loss only of someone present (hidup) on that date, a move in
// only of someone absent, a birth only as a person's first event. So the population on any date
// is the people present before any event, plus the births and arrivals, minus the deaths,
// departures and losses up to that date: a month's end is the next month's start by
// construction (docs/register.md, "Monthly report").

export const EVENT_KINDS = ['birth', 'death', 'move_out', 'move_in', 'lost'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const EVENT_LABELS: Readonly<Record<EventKind, string>> = {
  birth: 'Kelahiran',
  death: 'Kematian',
  move_out: 'Pindah keluar',
  move_in: 'Pindah masuk',
  lost: 'Hilang',
};

/** The life status an event leaves. */
export const STATUS_AFTER: Readonly<Record<EventKind, LifeStatus>> = {
  birth: 'hidup',
  move_in: 'hidup',
  death: 'meninggal',
  move_out: 'pindah',
  lost: 'hilang',
};

/** +1 when the event adds a person to the population, −1 when it takes one away. */
export const POPULATION_DELTA: Readonly<Record<EventKind, 1 | -1>> = {
  birth: 1,
  move_in: 1,
  death: -1,
  move_out: -1,
  lost: -1,
};

export interface EventStep {
  kind: EventKind;
  occurred_on: string;
}

/**
 * Why this sequence of a person's events (in date order, then order of recording) is not a
 * valid history, or null when it is. `presentBefore`: the person was present before any event
 * (an imported or typed-in living person); a person created by a birth or an arrival was not.
 */
export function historyProblem(presentBefore: boolean, steps: readonly EventStep[]): string | null {
  let present = presentBefore;
  let last = '';
  for (const [i, s] of steps.entries()) {
    if (s.occurred_on < last) return 'Peristiwa harus berurutan menurut tanggal kejadian.';
    last = s.occurred_on;
    if (s.kind === 'birth' && (i > 0 || presentBefore)) {
      return 'Kelahiran hanya dapat menjadi peristiwa pertama seseorang.';
    }
    const adds = POPULATION_DELTA[s.kind] === 1;
    if (adds === present) {
      return adds
        ? `${EVENT_LABELS[s.kind]} tidak dapat dicatat: orang ini masih tercatat hidup di desa pada tanggal itu.`
        : `${EVENT_LABELS[s.kind]} tidak dapat dicatat: orang ini tidak tercatat hidup di desa pada tanggal itu.`;
    }
    present = adds;
  }
  return null;
}

/** The life status after a valid history (the import's status when there is no event). */
export function statusAfter(base: LifeStatus, steps: readonly EventStep[]): LifeStatus {
  const last = steps.at(-1);
  return last ? STATUS_AFTER[last.kind] : base;
}
