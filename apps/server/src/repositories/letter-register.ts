/**
 * The register of outgoing letters (*buku agenda surat keluar*, issue 12.5): the letters issued
 * in a period, from the archive (`pdf_histories`, one row per issued letter, ADR 0008), in the
 * order they were issued, read in keyset chunks over `pdf_histories_issued_idx` (or the type's
 * `pdf_histories_type_issued_idx`).
 */
import { sql, type Kysely } from 'kysely';
import type { LetterCode } from '@balai/domain';
import type { Database } from '../db/schema.ts';

/** Rows read per query. */
export const REGISTER_CHUNK = 1_000;

export interface RegisterFilter {
  /** Issued at or after this instant (ISO, UTC). */
  issuedFrom: string;
  /** Issued before this instant. */
  issuedBefore: string;
  type?: LetterCode | undefined;
}

export interface RegisterRow {
  id: number;
  letter_request_id: number;
  type: LetterCode;
  number: string;
  issued_at: string;
  applicant_name: string;
  purpose: string | null;
}

function issuedIn(db: Kysely<Database>, f: RegisterFilter) {
  let q = db
    .selectFrom('pdf_histories as h')
    .where('h.issued_at', '>=', f.issuedFrom)
    .where('h.issued_at', '<', f.issuedBefore);
  if (f.type) q = q.where('h.type', '=', f.type);
  return q;
}

/** How many letters were issued in the period, counted up to `max + 1`. */
export async function countRegister(
  db: Kysely<Database>,
  f: RegisterFilter,
  max: number,
): Promise<number> {
  const row = await db
    .selectFrom(
      issuedIn(db, f)
        .select('h.id')
        .limit(max + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The period's letters, oldest first (ties by archive id), REGISTER_CHUNK at a time, at most `max`. */
export async function* registerChunks(
  db: Kysely<Database>,
  f: RegisterFilter,
  max: number,
): AsyncGenerator<RegisterRow[]> {
  let last: { issued_at: string; id: number } | null = null;
  let read = 0;
  while (read < max) {
    let q = issuedIn(db, f)
      .innerJoin('letter_requests as r', 'r.id', 'h.letter_request_id')
      .select([
        'h.id',
        'h.letter_request_id',
        'h.type',
        'h.number',
        'h.issued_at',
        'r.applicant_name',
        'r.purpose',
      ]);
    if (last) {
      q = q.where(sql<boolean>`(h.issued_at, h.id) > (${last.issued_at}, ${last.id})`);
    }
    const rows = await q
      .orderBy('h.issued_at')
      .orderBy('h.id')
      .limit(Math.min(REGISTER_CHUNK, max - read))
      .execute();
    if (rows.length === 0) return;
    read += rows.length;
    const tail = rows[rows.length - 1]!;
    last = { issued_at: tail.issued_at, id: tail.id };
    yield rows;
    if (rows.length < REGISTER_CHUNK) return;
  }
}
