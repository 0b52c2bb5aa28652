import { describe, expect, it } from 'vitest';
import { LETTER_STATUSES } from './statuses.ts';
import { LETTER_TYPES } from './registry.ts';
import {
  WAITING_STATUSES,
  ageInDays,
  formatAge,
  formatServiceTime,
  isOverdue,
  workingDaysSince,
} from './service-time.ts';

// Monday 23 November 2026, 09.00 WIB.
const MONDAY = new Date('2026-11-23T02:00:00Z');

describe('service time', () => {
  it('gives every letter type a believable service time in working days', () => {
    for (const t of LETTER_TYPES) {
      expect(Number.isInteger(t.serviceDays), t.code).toBe(true);
      expect(t.serviceDays, t.code).toBeGreaterThanOrEqual(1);
      expect(t.serviceDays, t.code).toBeLessThanOrEqual(5);
    }
    expect(formatServiceTime({ serviceDays: 2 })).toBe('2 hari kerja');
  });

  it.each([
    // filed (UTC instant), age in village days, working days waited
    ['2026-11-23T01:00:00Z', 0, 0], // the same Monday morning
    ['2026-11-22T18:00:00Z', 0, 0], // Monday 01.00 WIB is Sunday in UTC
    ['2026-11-22T16:00:00Z', 1, 1], // Sunday 23.00 WIB: Monday is the first working day
    ['2026-11-20T03:00:00Z', 3, 1], // Friday: Saturday and Sunday do not count
    ['2026-11-16T03:00:00Z', 7, 5], // a week ago
    ['2026-11-02T03:00:00Z', 21, 15],
  ])('a request filed at %s is %i days old and waited %i working days', (at, days, working) => {
    expect(ageInDays(at, MONDAY)).toBe(days);
    expect(workingDaysSince(at, MONDAY)).toBe(working);
  });

  it('says the age as the queue shows it', () => {
    expect(formatAge(0)).toBe('hari ini');
    expect(formatAge(3)).toBe('3 hari');
  });

  it('is overdue only while waiting on the office and longer than the service time', () => {
    const type = { serviceDays: 2 };
    const wednesdayBefore = '2026-11-18T03:00:00Z'; // 3 working days before MONDAY
    const thursdayBefore = '2026-11-19T03:00:00Z'; // 2 working days
    for (const status of LETTER_STATUSES) {
      const waiting = WAITING_STATUSES.includes(status);
      expect(isOverdue(type, { status, created_at: wednesdayBefore }, MONDAY), status).toBe(
        waiting,
      );
      expect(isOverdue(type, { status, created_at: thursdayBefore }, MONDAY), status).toBe(false);
    }
  });
});
