import { todayIso } from '../dates.ts';
import type { LetterStatus } from './statuses.ts';
import type { LetterType } from './letter-type.ts';

/**
 * Statuses in which a request waits on the office, the signer included (needs_revision waits on
 * the resident).
 */
export const WAITING_STATUSES: readonly LetterStatus[] = [
  'submitted',
  'processing',
  'awaiting_signature',
];

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** Whole days since filing, counted in village days (0 on the day it was filed). */
export function ageInDays(createdAt: string, now: Date = new Date()): number {
  return Math.max(0, dayNumber(todayIso(now)) - dayNumber(todayIso(new Date(createdAt))));
}

/**
 * Working days (Monday to Friday, village time) that have passed since filing: a request filed
 * on Friday has waited one working day on Monday. Public holidays are not known here.
 */
export function workingDaysSince(createdAt: string, now: Date = new Date()): number {
  const from = dayNumber(todayIso(new Date(createdAt)));
  const to = dayNumber(todayIso(now));
  let n = 0;
  for (let d = from + 1; d <= to; d++) {
    // Day 0 of the epoch (1970-01-01) was a Thursday: 2 and 3 after it are Saturday and Sunday.
    const weekday = (((d + 4) % 7) + 7) % 7; // 0 = Sunday
    if (weekday !== 0 && weekday !== 6) n++;
  }
  return n;
}

/** "hari ini", "1 hari", "3 hari": the age shown in the queue. */
export function formatAge(days: number): string {
  return days === 0 ? 'hari ini' : `${days} hari`;
}

/** "1 hari kerja", "3 hari kerja". */
export function formatServiceTime(type: Pick<LetterType, 'serviceDays'>): string {
  return `${type.serviceDays} hari kerja`;
}

/** True when a request still waiting on the office has waited longer than its type's service time. */
export function isOverdue(
  type: Pick<LetterType, 'serviceDays'>,
  request: { status: LetterStatus; created_at: string },
  now: Date = new Date(),
): boolean {
  return (
    WAITING_STATUSES.includes(request.status) &&
    workingDaysSince(request.created_at, now) > type.serviceDays
  );
}
