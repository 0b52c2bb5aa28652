/** A list's `meta` (its query and schema: the API contract's contract/common.ts, ADR 0021). */
export function meta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
