import { z } from 'zod';
import { cleanPlainText } from '@balai/domain';

export const MAX_PER_PAGE = 100;

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

export const metaSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});

export function meta(page: number, perPage: number, total: number) {
  return { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
