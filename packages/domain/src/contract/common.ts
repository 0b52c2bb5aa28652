import { z } from 'zod';
import { MAX_ID } from '../ids.ts';
import { cleanPlainText } from '../plain-text.ts';

/**
 * The shapes every API area shares: the error answer, a plain message, the list `meta` and a
 * list answer built from an item schema. Each area's contract (`./<area>.ts`) builds on these;
 * the server's routes take their response schemas from the contract and the web reads only the
 * inferred types (ADR 0021).
 */

/** Every 4xx/5xx answer: an Indonesian message, and per-field messages for a 422. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** An answer that only says what happened. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** The `meta` of every paginated list (SPEC section 7). */
export const pageMetaSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data: Item[], meta }`: a page of a list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}
export type Page<T> = { data: T[]; meta: PageMeta };

/** `{ data: Item }`: one record. */
export function dataOf<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}
export type DataOf<T> = { data: T };

/** A record's id in an address; past MAX_ID it names nothing (404, as any unknown id). */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** Declares the error shape for every 4xx/5xx a route can answer, beside its success schemas. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  return { ...success, '4xx': errorSchema, '5xx': errorSchema };
}

/** The most a list answers in one page, whatever `per_page` asks. */
export const MAX_PER_PAGE = 100;

/** `page`, `per_page` and `search` of every list query (SPEC section 7). */
export const pageQuery = {
  page: z.coerce
    .number({ error: 'Halaman harus berupa angka.' })
    .int('Halaman harus bilangan bulat.')
    .min(1, 'Halaman minimal 1.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'Jumlah per halaman harus berupa angka.' })
    .int('Jumlah per halaman harus bilangan bulat.')
    .min(1, 'Jumlah per halaman minimal 1.')
    .default(15)
    .transform((n) => Math.min(n, MAX_PER_PAGE)),
  // Without control characters, as every stored text (plain-text.ts): PostgreSQL refuses a NUL in
  // a query parameter, which answered 500 (found by the fuzz proof suite).
  search: z
    .string()
    .transform((v) => cleanPlainText(v, false))
    .pipe(z.string().max(100, 'Kata pencarian maksimal 100 karakter.'))
    .optional(),
};
