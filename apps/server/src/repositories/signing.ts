/**
 * Signing (issue 15, docs/signing.md): who signs (`signing_settings`), the signatures of issued
 * letters (`letter_signatures`), the signer's queue, PINs and signature images.
 */
import type { Kysely } from 'kysely';
import type { SigningSetup } from '@balai/domain';
import type { Database } from '../db/schema.ts';
import type { LetterSignaturesTable } from '../db/tables/signing.ts';
import { nowIso } from '../lib/time.ts';
import type { LetterRequestRow } from './letter-rows.ts';

export interface StoredSigningSetup extends SigningSetup {
  updated_at: string | null;
}

const NONE: StoredSigningSetup = {
  head_user_id: null,
  secretary_user_id: null,
  head_away_from: null,
  head_away_until: null,
  approval_exempt: [],
  updated_at: null,
};

function parseCodes(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Who signs, from the one settings row; nobody, when none has been written. */
export async function getSigningSetup(db: Kysely<Database>): Promise<StoredSigningSetup> {
  const row = await db
    .selectFrom('signing_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return NONE;
  return {
    head_user_id: row.head_user_id,
    secretary_user_id: row.secretary_user_id,
    head_away_from: row.head_away_from,
    head_away_until: row.head_away_until,
    approval_exempt: parseCodes(row.approval_exempt),
    updated_at: row.updated_at,
  };
}

/** Writes the settings row (id = 1), creating it the first time. */
export async function saveSigningSetup(db: Kysely<Database>, setup: SigningSetup): Promise<void> {
  const values = {
    head_user_id: setup.head_user_id,
    secretary_user_id: setup.secretary_user_id,
    head_away_from: setup.head_away_from,
    head_away_until: setup.head_away_until,
    approval_exempt: JSON.stringify([...setup.approval_exempt].sort()),
    updated_at: nowIso(),
  };
  await db
    .insertInto('signing_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export type LetterSignature = LetterSignaturesTable;

export async function insertLetterSignature(
  db: Kysely<Database>,
  row: LetterSignature,
): Promise<void> {
  await db.insertInto('letter_signatures').values(row).execute();
}

export function findLetterSignature(db: Kysely<Database>, requestId: number) {
  return db
    .selectFrom('letter_signatures')
    .selectAll()
    .where('letter_request_id', '=', requestId)
    .executeTakeFirst();
}

/** The last time each request was sent for signature: by whom, when, with which note. */
export interface SignatureRequest {
  letter_request_id: number;
  actor_id: number | null;
  actor_name: string | null;
  note: string | null;
  created_at: string;
}

export async function lastSignatureRequests(
  db: Kysely<Database>,
  requestIds: readonly number[],
): Promise<Map<number, SignatureRequest>> {
  const out = new Map<number, SignatureRequest>();
  if (requestIds.length === 0) return out;
  const rows = await db
    .selectFrom('letter_events')
    .leftJoin('users', 'users.id', 'letter_events.actor_id')
    .select([
      'letter_events.id',
      'letter_events.letter_request_id',
      'letter_events.actor_id',
      'users.name as actor_name',
      'letter_events.note',
      'letter_events.created_at',
    ])
    .where('letter_events.letter_request_id', 'in', [...requestIds])
    .where('letter_events.to_status', '=', 'awaiting_signature')
    .orderBy('letter_events.id', 'asc')
    .execute();
  // Ascending: the last one written for a request wins.
  for (const { id: _id, ...r } of rows) out.set(r.letter_request_id, r);
  return out;
}

/** Letters awaiting signature, oldest first, one page of them and how many there are. */
export async function listAwaitingSignature(
  db: Kysely<Database>,
  opts: { page: number; perPage: number },
): Promise<{ rows: LetterRequestRow[]; total: number }> {
  const base = db.selectFrom('letter_requests').where('status', '=', 'awaiting_signature');
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function countAwaitingSignature(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('letter_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'awaiting_signature')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The accounts the settings name, with what the signing screens and the PDF need. */
export function findSigningAccounts(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'active', 'position', 'nip', 'signature_file_id'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function setSigningPin(
  db: Kysely<Database>,
  userId: number,
  hash: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ signing_pin_hash: hash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** Replaces the user's signature image (a `files` row of kind 'signature'); the old one goes. */
export async function setSignatureFile(
  db: Kysely<Database>,
  userId: number,
  fileId: number | null,
): Promise<void> {
  const before = await db
    .selectFrom('users')
    .select('signature_file_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ signature_file_id: fileId, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  const old = before?.signature_file_id;
  if (old !== null && old !== undefined && old !== fileId) {
    await db.deleteFrom('files').where('id', '=', old).where('kind', '=', 'signature').execute();
  }
}

/** A signature image's PNG bytes, or null. */
export async function signatureBytes(
  db: Kysely<Database>,
  fileId: number | null,
): Promise<Buffer | null> {
  if (fileId === null) return null;
  const row = await db
    .selectFrom('files')
    .select('bytes')
    .where('id', '=', fileId)
    .where('kind', '=', 'signature')
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}
