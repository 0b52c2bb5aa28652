/**
 * Applicant names for search and for the public verification page. Search matches the start of
 * any word of the name, case- and accent-insensitively ("rahma" finds "Siti Rahmawati"): each
 * word is stored normalised in `letter_search_terms`, where a B-tree answers a prefix on both
 * databases (ADR 0009).
 */

const MAX_TERM = 100;

/** The words of a name or a search, lower case, without diacritics or punctuation. */
export function nameWords(value: string): string[] {
  const words = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_TERM));
  return [...new Set(words)];
}

/** The normalised name stored beside the request ("siti rahmawati"). */
export function nameKey(name: string): string {
  return nameWords(name).join(' ');
}

/**
 * "Siti Rahmawati" → "Si** Ra*******": enough for the holder to recognise their letter on the
 * verification page, not enough for a stranger to learn a name.
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/(\s+)/)
    .map((part) => {
      if (/^\s*$/.test(part)) return part ? ' ' : '';
      const chars = Array.from(part);
      const keep = chars.length <= 2 ? 1 : 2;
      return chars.slice(0, keep).join('') + '*'.repeat(chars.length - keep);
    })
    .join('');
}
