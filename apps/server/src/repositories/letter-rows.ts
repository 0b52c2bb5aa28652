/**
 * The row types of letter requests, shared by letter-requests.ts and letter-search.ts (which
 * writes and reads the search terms of those rows) without either importing the other.
 */
import type { Selectable } from 'kysely';
import type { LetterRequestsTable } from '../db/tables/letters.ts';

export type LetterRequestRow = Selectable<LetterRequestsTable>;

/** A request as lists return it: with the issued PDF's archive entry when there is one. */
export type LetterRequestListRow = LetterRequestRow & {
  pdf_history_id: number | null;
  pdf_sha256: string | null;
};
