import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

// Frozen: what the letter desks (issue 12) need to answer in p95 ≤ 50 ms at a million requests
// and 100,000 residents (docs/letters.md, "The desks"; bench/letters.bench.ts, part "desk").
//
// 1. `letter_status_counts`: how many requests of each type are in each status, kept by
//    triggers on `letter_requests` in the same transaction as every insert, status change and
//    delete, so no code path can forget it. A desk's status tabs and its unfiltered total read
//    at most a few dozen of these rows instead of counting the type's whole index range (the
//    busiest type has 111,000 requests, 93,000 of them completed). On PostgreSQL each
//    transaction adds to one of 16 rows per (type, status), chosen by its transaction id, so
//    fifty residents filing the same type at once do not queue on one row lock; the reader sums
//    the shards. SQLite has a single writer and one shard. A status change touches its two rows
//    in a fixed order (by status), so two changes cannot deadlock.
//
// 2. The resident search of "file on a resident's behalf" (`GET /api/users/list?search=`), a
//    substring of the name or e-mail or the start of a NIK, from an index instead of reading
//    every user: on SQLite an FTS5 table with the trigram tokenizer over `users.name` and
//    `users.email` (external content, kept by triggers); on PostgreSQL pg_trgm GIN indexes on
//    `lower(name)` and `email`, and a pattern index for the NIK prefix. Searches shorter than
//    three characters have no trigram and still read the table (repositories/users.ts).
//    pg_trgm ships with PostgreSQL (contrib) and is a trusted extension (any role that may
//    create in the database can add it); where it cannot be added the search stays correct,
//    only slow, and the migration says so in the server's log.

const SHARDS = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('letter_status_counts')
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('letter_status_counts_pk', ['type', 'status', 'shard'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function letter_status_counts_add(t text, s text, delta integer) returns void
      language sql as $$
        insert into letter_status_counts as c (type, status, shard, n)
        values (t, s, (txid_current() % ${sql.lit(SHARDS)})::integer, delta)
        on conflict (type, status, shard) do update set n = c.n + excluded.n
      $$`.execute(db);
    await sql`
      create function letter_status_counts_trigger() returns trigger
      language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform letter_status_counts_add(new.type, new.status, 1);
        elsif tg_op = 'DELETE' then
          perform letter_status_counts_add(old.type, old.status, -1);
        elsif (old.type, old.status) < (new.type, new.status) then
          perform letter_status_counts_add(old.type, old.status, -1);
          perform letter_status_counts_add(new.type, new.status, 1);
        else
          perform letter_status_counts_add(new.type, new.status, 1);
          perform letter_status_counts_add(old.type, old.status, -1);
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger letter_status_counts_insert_delete after insert or delete on letter_requests
      for each row execute function letter_status_counts_trigger()`.execute(db);
    await sql`
      create trigger letter_status_counts_update after update of type, status on letter_requests
      for each row when (old.type is distinct from new.type or old.status is distinct from new.status)
      execute function letter_status_counts_trigger()`.execute(db);
  } else {
    const add = (t: string, s: string, delta: number) =>
      `insert into letter_status_counts (type, status, shard, n) values (${t}, ${s}, 0, ${delta})
         on conflict (type, status, shard) do update set n = n + excluded.n;`;
    await sql
      .raw(
        `create trigger letter_status_counts_insert after insert on letter_requests begin
           ${add('new.type', 'new.status', 1)}
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger letter_status_counts_delete after delete on letter_requests begin
           ${add('old.type', 'old.status', -1)}
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger letter_status_counts_update after update of type, status on letter_requests
         when old.type is not new.type or old.status is not new.status begin
           ${add('old.type', 'old.status', -1)}
           ${add('new.type', 'new.status', 1)}
         end`,
      )
      .execute(db);
  }
  // The requests already there, counted once (the triggers keep it from here on; on
  // PostgreSQL creating them locked out writers until this transaction ends).
  await sql`
    insert into letter_status_counts (type, status, shard, n)
    select type, status, 0, count(*) from letter_requests group by type, status`.execute(db);

  if (isPostgres(db)) {
    // One extension per database, shared by every schema in it: in `public` where this role
    // may create there (tests give each file a schema of its own, dropped afterwards), else in
    // ours. Creators queue on a lock, so parallel migrations do not both try to add it.
    await sql`select pg_advisory_xact_lock(hashtext('balai: create extension pg_trgm'))`.execute(
      db,
    );
    const found = await sql<{ schema: string | null; can: boolean; into: string }>`
      select (select extnamespace::regnamespace::text from pg_extension where extname = 'pg_trgm') as schema,
             exists (select 1 from pg_available_extensions where name = 'pg_trgm')
               and has_database_privilege(current_database(), 'CREATE') as can,
             case when has_schema_privilege('public', 'CREATE') then 'public' else current_schema() end as into`.execute(
      db,
    );
    const row = found.rows[0]!;
    let schema = row.schema;
    if (schema === null && row.can) {
      await sql`create extension pg_trgm schema ${sql.id(row.into)}`.execute(db);
      schema = row.into;
    }
    if (schema !== null) {
      const ops = sql`${sql.id(schema)}.gin_trgm_ops`;
      await sql`create index users_name_trgm_idx on users using gin (lower(name) ${ops})`.execute(
        db,
      );
      await sql`create index users_email_trgm_idx on users using gin (email ${ops})`.execute(db);
    } else {
      console.warn(
        'migration 0008: pg_trgm cannot be added, so the users search reads the whole table (correct, but slow with many residents)',
      );
    }
    await sql`create index users_nik_pattern_idx on users (nik text_pattern_ops)`.execute(db);
  } else {
    await sql`
      create virtual table users_search using fts5(
        name, email, content = 'users', content_rowid = 'id', tokenize = 'trigram'
      )`.execute(db);
    await sql`insert into users_search (users_search) values ('rebuild')`.execute(db);
    await sql`
      create trigger users_search_insert after insert on users begin
        insert into users_search (rowid, name, email) values (new.id, new.name, new.email);
      end`.execute(db);
    await sql`
      create trigger users_search_delete after delete on users begin
        insert into users_search (users_search, rowid, name, email)
        values ('delete', old.id, old.name, old.email);
      end`.execute(db);
    await sql`
      create trigger users_search_update after update of name, email on users begin
        insert into users_search (users_search, rowid, name, email)
        values ('delete', old.id, old.name, old.email);
        insert into users_search (rowid, name, email) values (new.id, new.name, new.email);
      end`.execute(db);
  }
}
