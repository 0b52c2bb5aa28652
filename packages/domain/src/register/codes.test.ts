import { describe, expect, it } from 'vitest';
import { GENDERS, MARITAL_STATUSES, RELIGIONS } from '../choices.ts';
import { ageOn, birthRangeForAges } from './ages.ts';
import {
  codeOf,
  LIFE_STATUS_CODES,
  labelOf,
  lifeStatusOfCode,
  codeOfLifeStatus,
  LIFE_STATUSES,
  REGISTER_CODE_LISTS,
  type CodeList,
} from './codes.ts';
import { historyProblem, statusAfter } from './events.ts';
import { AREA_FIELD_NAMES, AREA_FIELDS, PERSON_FIELD_NAMES, PERSON_FIELDS } from './fields.ts';

const lists: [string, CodeList, number][] = [
  ...Object.entries(REGISTER_CODE_LISTS).map(
    ([k, l]) =>
      [
        k,
        l,
        {
          gender: 2,
          religion: 7,
          education: 10,
          occupation: 89,
          marital_status: 4,
          relationship: 11,
          nationality: 3,
          blood_type: 13,
        }[k]!,
      ] as [string, CodeList, number],
  ),
  ['life_status', LIFE_STATUS_CODES, 4],
];

describe.each(lists)('code list %s', (_name, list, size) => {
  it('has the national codes 1..n in order', () => {
    expect(list.map((e) => e.code)).toEqual(Array.from({ length: size }, (_, i) => i + 1));
  });
  it('maps every code to its label and back (number, digits, label in any case)', () => {
    for (const e of list) {
      expect(labelOf(list, e.code)).toBe(e.label);
      expect(codeOf(list, e.code)).toBe(e.code);
      expect(codeOf(list, String(e.code).padStart(2, '0'))).toBe(e.code);
      expect(codeOf(list, e.label)).toBe(e.code);
      expect(codeOf(list, e.label.toUpperCase())).toBe(e.code);
      expect(codeOf(list, ` ${e.label.toLowerCase()} `)).toBe(e.code);
      for (const a of e.aliases ?? []) expect(codeOf(list, a)).toBe(e.code);
    }
  });
  it('refuses unknown codes and labels, and reads empty as none', () => {
    expect(codeOf(list, size + 1)).toBeUndefined();
    expect(codeOf(list, 0)).toBeUndefined();
    expect(codeOf(list, 'tidak ada nilai seperti ini')).toBeUndefined();
    expect(codeOf(list, '')).toBeNull();
    expect(codeOf(list, null)).toBeNull();
    expect(labelOf(list, size + 1)).toBeNull();
  });
});

describe('shared with the users biodata', () => {
  it('keeps the users lists as the national labels', () => {
    expect(REGISTER_CODE_LISTS.gender.map((e) => e.label)).toEqual([...GENDERS]);
    expect(REGISTER_CODE_LISTS.religion.map((e) => e.label)).toEqual([...RELIGIONS]);
    expect(REGISTER_CODE_LISTS.marital_status.map((e) => e.label)).toEqual([...MARITAL_STATUSES]);
  });
  it('reads the OpenSID spellings', () => {
    expect(codeOf(REGISTER_CODE_LISTS.gender, 'LK')).toBe(1);
    expect(codeOf(REGISTER_CODE_LISTS.gender, 'Pr')).toBe(2);
    expect(codeOf(REGISTER_CODE_LISTS.religion, 'KATHOLIK')).toBe(3);
    expect(codeOf(REGISTER_CODE_LISTS.occupation, 'PETANI / PEKEBUN')).toBe(9);
    expect(codeOf(REGISTER_CODE_LISTS.relationship, 'KEPALA KELUARGA')).toBe(1);
    expect(codeOf(LIFE_STATUS_CODES, 'MATI')).toBe(2);
  });
  it('life statuses map to status_dasar codes both ways', () => {
    for (const s of LIFE_STATUSES) expect(lifeStatusOfCode(codeOfLifeStatus(s))).toBe(s);
  });
  it('person fields take the options of the code lists', () => {
    const by = new Map(PERSON_FIELDS.map((f) => [f.name, f]));
    for (const [name, list] of Object.entries(REGISTER_CODE_LISTS)) {
      expect(by.get(name)?.options, name).toEqual(list.map((e) => e.label));
    }
    expect(by.get('nik')?.label).toBe('NIK');
    expect(PERSON_FIELDS.map((f) => f.name)).toEqual([...PERSON_FIELD_NAMES]);
    expect(AREA_FIELDS.map((f) => f.name)).toEqual([...AREA_FIELD_NAMES]);
  });
});

describe('events', () => {
  it.each([
    [true, [], null],
    [true, [{ kind: 'death', occurred_on: '2026-01-02' }], null],
    [true, [{ kind: 'move_in', occurred_on: '2026-01-02' }], /masih tercatat hidup/],
    [
      false,
      [
        { kind: 'birth', occurred_on: '2026-01-02' },
        { kind: 'death', occurred_on: '2026-01-03' },
      ],
      null,
    ],
    [false, [{ kind: 'death', occurred_on: '2026-01-02' }], /tidak tercatat hidup/],
    [
      true,
      [
        { kind: 'move_out', occurred_on: '2026-02-02' },
        { kind: 'move_in', occurred_on: '2026-01-02' },
      ],
      /berurutan/,
    ],
    [true, [{ kind: 'birth', occurred_on: '2026-01-02' }], /peristiwa pertama/],
  ] as const)('history %#', (present, steps, problem) => {
    const p = historyProblem(present, steps);
    if (problem === null) expect(p).toBeNull();
    else expect(p).toMatch(problem);
  });
  it('status follows the last event', () => {
    expect(statusAfter('hidup', [])).toBe('hidup');
    expect(statusAfter('hidup', [{ kind: 'move_out', occurred_on: '2026-01-01' }])).toBe('pindah');
  });
});

describe('ages', () => {
  it.each([
    ['2000-05-10', '2026-05-09', 25],
    ['2000-05-10', '2026-05-10', 26],
    ['2000-02-29', '2026-02-28', 25],
  ])('ageOn(%s, %s) = %d', (b, t, a) => expect(ageOn(b, t)).toBe(a));
  it('the birth range of an age range holds exactly those ages', () => {
    const today = '2026-05-10';
    const { from, to } = birthRangeForAges(today, 5, 9);
    expect(ageOn(to!, today)).toBe(5);
    expect(ageOn(from!, today)).toBe(9);
    const before = new Date(`${from}T00:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 1);
    expect(ageOn(before.toISOString().slice(0, 10), today)).toBe(10);
  });
});
