
// The list query and meta belong to the API contract (ADR 0021).
export { MAX_PER_PAGE, pageQuery, pageMetaSchema as metaSchema } from '@balai/domain/contract';

export function meta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
