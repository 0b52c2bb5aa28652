import { z } from 'zod';

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
