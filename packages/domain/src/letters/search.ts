/**
 * The catalogue's search (/service): a letter type is found by its title, its full name, its
 * aliases (SKTM, SKU, SKCK, "domisili", "pengantar nikah"…) and its description. Plain code, no
 * zod: the public catalogue uses it on what /api/letter-types serves.
 */
export interface SearchableLetterType {
  title: string;
  name?: string;
  aliases?: readonly string[];
  description?: string;
}

/** Lower case, accents and punctuation gone, single spaces: "e-KTP" → "e ktp". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * How well a type matches what was typed: 0 when some word of the query is not found; 3 when
 * the query is a whole name or alias phrase ("e-KTP", "pengantar nikah"); 2 when every word is in
 * the title, name or aliases; 1 when the description was needed.
 */
export function letterSearchScore(query: string, type: SearchableLetterType): number {
  const words = normalizeSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return 1;
  const names = ` ${normalizeSearch([type.title, type.name ?? '', ...(type.aliases ?? [])].join(' | '))} `;
  const all = `${names} ${normalizeSearch(type.description ?? '')} `;
  const compact = names.replace(/ /g, '');
  if (names.includes(` ${words.join(' ')} `)) return 3;
  if (words.every((w) => names.includes(w))) return 2;
  // "sktm" typed as "s k t m" or "e ktp" as "ektp": also against the names without spaces.
  if (words.join('') && compact.includes(words.join(''))) return 2;
  return words.every((w) => all.includes(w)) ? 1 : 0;
}

/** The types that match, best first (the catalogue's order within a rank). */
export function searchLetterTypes<T extends SearchableLetterType>(
  types: readonly T[],
  query: string,
): T[] {
  return types
    .map((type, index) => ({ type, index, score: letterSearchScore(query, type) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((r) => r.type);
}
