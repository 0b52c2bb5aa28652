import {
  LIFE_STATUSES,
  LIFE_STATUS_CODES,
  PERSON_LABELS,
  REGISTER_CODE_LISTS,
  labelOf,
  type CodedField,
} from '@balai/domain';
import type { RegisterArea } from '@balai/domain/contract';

/**
 * The Penduduk list's filters, by their query names on the API (`registerPersonQuery`), kept in
 * the address: a statistic's count links here with exactly the filter it counted, and the list
 * shows every filter in force, also those the form has no control for (religion, education…).
 */
export const PERSON_FILTERS = [
  'dusun_id',
  'rw_id',
  'rt_id',
  'gender',
  'age_min',
  'age_max',
  'life_status',
  'religion',
  'education',
  'occupation',
  'marital_status',
  'family_id',
  'birth_date_missing',
] as const;
export type PersonFilter = (typeof PERSON_FILTERS)[number];

/** Coded filters: the query carries the national code, the screen its label. */
export const CODED_FILTERS = [
  'gender',
  'religion',
  'education',
  'occupation',
  'marital_status',
] as const satisfies readonly CodedField[];

/** A coded field's choices as select options: value the code, text the label. */
export function codeOptions(field: CodedField): { value: string; label: string }[] {
  return REGISTER_CODE_LISTS[field].map((e) => ({ value: String(e.code), label: e.label }));
}

/** The life statuses as options: value as the API takes it, text its label. */
export const LIFE_STATUS_OPTIONS = LIFE_STATUSES.map((s, i) => ({
  value: s,
  label: LIFE_STATUS_CODES[i]!.label,
}));

export const lifeStatusLabel = (s: string) =>
  LIFE_STATUS_OPTIONS.find((o) => o.value === s)?.label ?? s;

const AREA_KIND_LABELS = { dusun: 'Dusun', rw: 'RW', rt: 'RT' } as const;

/** "RT 002 (RW 001, Dusun Krajan)": an area with the areas above it. */
export function areaTitle(area: RegisterArea, byId: ReadonlyMap<number, RegisterArea>): string {
  const own = `${AREA_KIND_LABELS[area.kind]} ${area.name}`;
  const parents: string[] = [];
  let parent = area.parent_id === null ? undefined : byId.get(area.parent_id);
  while (parent) {
    parents.push(`${AREA_KIND_LABELS[parent.kind]} ${parent.name}`);
    parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
  }
  return parents.length ? `${own} (${parents.join(', ')})` : own;
}

/**
 * The area choices of one level, narrowed to the area chosen above (RW of the dusun, RT of the
 * RW), each with its count of living people.
 */
export function areaOptions(
  areas: readonly RegisterArea[],
  kind: RegisterArea['kind'],
  parentId: string | undefined,
): { value: string; label: string }[] {
  const byId = new Map(areas.map((a) => [a.id, a]));
  return areas
    .filter((a) => a.kind === kind)
    .filter((a) => !parentId || String(a.parent_id) === parentId || isUnder(a, parentId, byId))
    .map((a) => ({
      value: String(a.id),
      label: `${kind === 'dusun' ? a.name : areaTitle(a, byId)} (${a.person_count})`,
    }));
}

function isUnder(area: RegisterArea, ancestorId: string, byId: ReadonlyMap<number, RegisterArea>) {
  let parent = area.parent_id === null ? undefined : byId.get(area.parent_id);
  while (parent) {
    if (String(parent.id) === ancestorId) return true;
    parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
  }
  return false;
}

/** One filter in force, in words: "Agama: Islam", "Umur: 20–24 tahun". */
export interface FilterChip {
  names: PersonFilter[];
  text: string;
}

/** The filters in force as words, for the list's "Filter aktif" line. */
export function filterChips(
  filters: Partial<Record<string, string>>,
  areas: readonly RegisterArea[] = [],
): FilterChip[] {
  const byId = new Map(areas.map((a) => [a.id, a]));
  const chips: FilterChip[] = [];
  for (const name of ['dusun_id', 'rw_id', 'rt_id'] as const) {
    const value = filters[name];
    if (!value) continue;
    const area = byId.get(Number(value));
    const text =
      value === '0' && name === 'dusun_id'
        ? 'Tanpa dusun'
        : area
          ? areaTitle(area, byId)
          : `${name.slice(0, -3).toUpperCase()} #${value}`;
    chips.push({ names: [name], text });
  }
  for (const name of CODED_FILTERS) {
    const value = filters[name];
    if (!value) continue;
    // Code 0: the people whose value is not filled in (the statistics' "Tidak diisi").
    const label =
      value === '0'
        ? 'Tidak diisi'
        : (labelOf(REGISTER_CODE_LISTS[name], Number(value)) ?? `kode ${value}`);
    chips.push({ names: [name], text: `${PERSON_LABELS[name] ?? name}: ${label}` });
  }
  const min = filters.age_min;
  const max = filters.age_max;
  if (min || max) {
    const text =
      min && max ? `${min}–${max} tahun` : min ? `${min} tahun ke atas` : `sampai ${max} tahun`;
    chips.push({ names: ['age_min', 'age_max'], text: `Umur: ${text}` });
  }
  if (filters.birth_date_missing) {
    chips.push({ names: ['birth_date_missing'], text: 'Umur: tidak diketahui' });
  }
  if (filters.life_status) {
    chips.push({ names: ['life_status'], text: `Status: ${lifeStatusLabel(filters.life_status)}` });
  }
  if (filters.family_id) chips.push({ names: ['family_id'], text: 'Satu keluarga' });
  return chips;
}
