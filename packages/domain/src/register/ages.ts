// Ages and age groups, counted on a given day (village time) from YYYY-MM-DD birth dates.

/** Age in whole years on `today` of someone born on `birth` (both YYYY-MM-DD). */
export function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) >= birth.slice(5) ? years : years - 1;
}

/**
 * Birth dates of people aged between `min` and `max` years on `today`, as an inclusive
 * [from, to] range of YYYY-MM-DD: the filter the lists and the statistics share.
 */
export function birthRangeForAges(
  today: string,
  min: number | null | undefined,
  max: number | null | undefined,
): { from: string | null; to: string | null } {
  const y = Number(today.slice(0, 4));
  const md = today.slice(4);
  // Aged ≥ min: born on or before today minus min years. Aged ≤ max: born after today minus max+1 years.
  const to = min != null ? `${String(y - min).padStart(4, '0')}${md}` : null;
  const from = max != null ? nextDay(`${String(y - max - 1).padStart(4, '0')}${md}`) : null;
  return { from, to: to && fixLeap(to) };
}

function fixLeap(d: string): string {
  // 29 February in a year without one: the day before 1 March.
  const t = new Date(`${d}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== d
    ? `${d.slice(0, 4)}-02-28`
    : d;
}

function nextDay(d: string): string {
  const t = new Date(`${fixLeap(d)}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

/** The statistics' age groups: [label, min age, max age or null]. */
export const AGE_GROUPS: readonly (readonly [string, number, number | null])[] = [
  ['0–4 tahun', 0, 4],
  ['5–9 tahun', 5, 9],
  ['10–14 tahun', 10, 14],
  ['15–19 tahun', 15, 19],
  ['20–24 tahun', 20, 24],
  ['25–29 tahun', 25, 29],
  ['30–34 tahun', 30, 34],
  ['35–39 tahun', 35, 39],
  ['40–44 tahun', 40, 44],
  ['45–49 tahun', 45, 49],
  ['50–54 tahun', 50, 54],
  ['55–59 tahun', 55, 59],
  ['60–64 tahun', 60, 64],
  ['65–69 tahun', 65, 69],
  ['70–74 tahun', 70, 74],
  ['75 tahun ke atas', 75, null],
];
