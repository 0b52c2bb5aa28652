import { sql, type Kysely, type Selectable } from 'kysely';
import {
  ADMIN_ROLE,
  BIODATA_FIELD_NAMES,
  DEFAULT_ADMIN_POSITION,
  POSITION_LABELS,
  mayHoldPosition,
  type ApiUser,
} from '@balai/domain';
import { isSqlite } from '../db/database.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { likePattern } from '../lib/pagination.ts';
import { nowIso } from '../lib/time.ts';

export type UserRow = Selectable<UsersTable>;

/** The biodata columns: the model's biodata fields (user-fields.ts), listed there once. */
export const BIODATA_COLUMNS = BIODATA_FIELD_NAMES;

export type UserWrite = Partial<
  Pick<
    UsersTable,
    | 'name'
    | 'email'
    | 'password_hash'
    | 'role'
    | (typeof BIODATA_COLUMNS)[number]
    | 'identity_verified_at'
    | 'identity_verified_by'
    | 'position'
    | 'nip'
    | 'register_person_id'
    | 'register_matched_at'
  >
> & { active?: boolean };

/** The API user as the server sends it: the signing fields (issue 15) always present. */
export type FullApiUser = ApiUser &
  Required<Pick<ApiUser, 'position' | 'position_label' | 'nip' | 'has_signing_pin' | 'signature'>>;

export function toApiUser(row: UserRow): FullApiUser {
  const {
    password_hash: _hash,
    signing_pin_hash: pin,
    signature_file_id: signature,
    active,
    ...fields
  } = row;
  return {
    ...fields,
    active: Boolean(active),
    roles: [{ name: row.role }],
    position_label: row.position ? POSITION_LABELS[row.position] : null,
    has_signing_pin: pin !== null,
    signature: signature !== null ? { url: '/api/signing/signature' } : null,
  };
}

export function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The user a login identifier names: a 16-digit NIK, or else an e-mail. */
export async function findUserByLogin(db: Kysely<Database>, identifier: string) {
  if (/^\d{16}$/.test(identifier))
    return db.selectFrom('users').selectAll().where('nik', '=', identifier).executeTakeFirst();
  if (/^628\d{8,12}$/.test(identifier)) {
    // A phone many families share names nobody: only a number held by one account signs in.
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', identifier)
      .limit(2)
      .execute();
    return rows.length === 1 ? rows[0] : undefined;
  }
  return findUserByEmail(db, identifier);
}

/** Which of the unique values (e-mail, NIK) another user already holds. */
export async function findUniqueClashes(
  db: Kysely<Database>,
  values: { email?: string | undefined; nik?: string | null | undefined },
  exceptId?: number,
): Promise<{ email: boolean; nik: boolean }> {
  const clash = async (column: 'email' | 'nik', value: string | null | undefined) => {
    if (!value) return false;
    let q = db.selectFrom('users').select('id').where(column, '=', value);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  };
  return { email: await clash('email', values.email), nik: await clash('nik', values.nik) };
}

export interface UserListFilters {
  search?: string | undefined;
  role?: UsersTable['role'] | undefined;
  active?: boolean | undefined;
  /** true: identity verified by the office; false: not (yet). */
  verified?: boolean | undefined;
}

export async function listUsers(
  db: Kysely<Database>,
  opts: UserListFilters & { page: number; perPage: number },
): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users');
  if (opts.role) base = base.where('role', '=', opts.role);
  if (opts.active !== undefined) base = base.where('active', '=', opts.active ? 1 : 0);
  if (opts.verified !== undefined) {
    base = base.where('identity_verified_at', opts.verified ? 'is not' : 'is', null);
  }
  if (opts.search) {
    const term = opts.search.trim();
    const nikPrefix = /^\d+$/.test(term) ? term : null;
    if (isSqlite(db) && [...term].length >= 3) {
      // The trigram index (migration 0008): the users whose name or e-mail holds the text, as
      // a quoted FTS5 phrase (taken literally), and those whose NIK starts with it.
      const phrase = `"${term.replaceAll('"', '""')}"`;
      const found = nikPrefix
        ? sql`select rowid from users_search where users_search match ${phrase}
              union select id from users where nik >= ${nikPrefix} and nik < ${`${nikPrefix}:`}`
        : sql`select rowid from users_search where users_search match ${phrase}`;
      base = base.where(sql<boolean>`users.id in (${found})`);
    } else {
      // PostgreSQL: the same conditions, answered by the pg_trgm and NIK pattern indexes
      // (migration 0008); on SQLite a text of one or two characters reads the table.
      const pattern = likePattern(term);
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
          sql<boolean>`${eb.ref('email')} like ${pattern} escape '\\'`,
          ...(nikPrefix ? [eb('nik', 'like', `${nikPrefix}%`)] : []),
        ]),
      );
    }
  }
  if (opts.search && !isSqlite(db)) {
    // The matches first (a bitmap of the trigram indexes), then their page: given the order by
    // name, PostgreSQL would otherwise walk the name index and test every user on the way
    // (256 ms for "siti" among 100,000 residents).
    const matches = db.with(
      (cte) => cte('m').materialized(),
      () => base.select(['users.id', 'users.name']),
    );
    const [counted] = await matches
      .selectFrom('m')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .execute();
    const rows = await matches
      .selectFrom('m')
      .innerJoin('users', 'users.id', 'm.id')
      .selectAll('users')
      .orderBy('m.name')
      .orderBy('m.id')
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
      .execute();
    return { rows, total: Number(counted?.total ?? 0) };
  }
  const [{ total } = { total: 0 }] = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const rows = await base
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage)
    .execute();
  return { rows, total: Number(total) };
}

export async function insertUser(
  db: Kysely<Database>,
  values: UserWrite & {
    name: string;
    email: string;
    password_hash: string;
    role: UsersTable['role'];
  },
) {
  const now = nowIso();
  const { active, ...rest } = values;
  return db
    .insertInto('users')
    .values({
      ...rest,
      email: rest.email.toLowerCase(),
      active: active === false ? 0 : 1,
      // An administrator holds a position (issue 15): a clerk unless told otherwise.
      position: rest.position ?? (mayHoldPosition(rest.role) ? DEFAULT_ADMIN_POSITION : null),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(db: Kysely<Database>, id: number, values: UserWrite) {
  const { active, ...rest } = values;
  return db
    .updateTable('users')
    .set({
      ...rest,
      ...(rest.email ? { email: rest.email.toLowerCase() } : {}),
      ...(active === undefined ? {} : { active: active ? 1 : 0 }),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteUser(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function countActiveAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', ADMIN_ROLE)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
