import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

// Frozen: the register's figures at 100,000 people (issue 24, ADR 0027, docs/register.md).
//
// 1. `register_tallies`: how many LIVING people (life status hidup) have each value of each
//    counted field — dim `gender`, `religion`, `education`, `occupation`, `marital`, `dusun`
//    (the code or area id as text, '' for not filled in) and `birth` (the birth date, '' for
//    none; the age groups are ranges of it on the day asked). Kept by triggers on
//    `register_persons` in the same transaction as every insert, change and delete, so no code
//    path (an import, an event, an edit, a merge, a letter recording a birth) can forget it:
//    GET /api/statistics reads a few hundred rows instead of counting 100,000 people. SQLite
//    has row triggers; PostgreSQL uses statement triggers over the transition tables (one
//    grouped upsert per statement, so an import's batch of 400 people is one small write), and
//    register writers take a transaction-scoped advisory lock first, so two of them never wait
//    on each other's tally rows in opposite orders. The same triggers bump the public version
//    (0013): the server-rendered profile page shows the register's figures.
// 2. The person list's name search (a part of the name): on SQLite an FTS5 table with the
//    trigram tokenizer over `name_search` (external content, kept by triggers), on PostgreSQL a
//    pg_trgm GIN index on `name_search` (the extension found or added as migration 0008 does).
//    A text shorter than three characters has no trigram and still reads the name index.
// 3. The list filtered by dusun (with or without the life status) read in name order from an
//    index, instead of sorting the dusun's 30,000 people for one page; a NIK prefix counted by
//    sex from an index alone.

const DIMS: [string, string][] = [
  ['gender', 'gender'],
  ['religion', 'religion'],
  ['education', 'education'],
  ['occupation', 'occupation'],
  ['marital', 'marital_status'],
  ['dusun', 'dusun_id'],
  ['birth', 'birth_date'],
];
const COUNTED = DIMS.map(([, col]) => col);
/**
 * The public version (migrations 0013, 0019): the profile page shows the register's figures
 * (ADR 0023), so a change to the people bumps it in the same transaction, as a content write does.
 */
const BUMP = 'update public_version set version = version + 1 where id = 1';
/** Advisory lock key of the register's writers (PostgreSQL). */
const WRITER_LOCK = 0x4ba1a24;

/** `(dim, value)` pairs of one row `r` as a VALUES list (SQL text). */
const pairs = (r: string, pg: boolean) =>
  DIMS.map(
    ([dim, col]) => `('${dim}', coalesce(cast(${r}.${col} as ${pg ? 'varchar' : 'text'}), ''))`,
  ).join(', ');

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('register_tallies')
    .addColumn('dim', 'varchar(12)', (c) => c.notNull())
    .addColumn('value', 'varchar(10)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('register_tallies_pk', ['dim', 'value'])
    .execute();

  if (isPostgres(db)) {
    const side = (rows: string, delta: number) => `
      select x.dim, x.value, ${delta} as delta from ${rows} r
      cross join lateral (values ${pairs('r', true)}) as x(dim, value)
      where r.life_status = 'hidup'`;
    const apply = (parts: string[]) => `
      perform pg_advisory_xact_lock(${WRITER_LOCK});
      insert into register_tallies as t (dim, value, n)
      select d.dim, d.value, sum(d.delta) from (${parts.join(' union all ')}) d
      group by d.dim, d.value having sum(d.delta) <> 0
      order by d.dim, d.value
      on conflict (dim, value) do update set n = t.n + excluded.n;
      ${BUMP};
      return null;`;
    const fn = async (name: string, parts: string[]) => {
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$ begin ${apply(parts)} end $$`,
        )
        .execute(db);
    };
    await fn('register_tallies_insert', [side('new_rows', 1)]);
    await fn('register_tallies_update', [side('new_rows', 1), side('old_rows', -1)]);
    await fn('register_tallies_delete', [side('old_rows', -1)]);
    await sql`
      create trigger register_tallies_insert after insert on register_persons
      referencing new table as new_rows
      for each statement execute function register_tallies_insert()`.execute(db);
    await sql`
      create trigger register_tallies_update after update on register_persons
      referencing old table as old_rows new table as new_rows
      for each statement execute function register_tallies_update()`.execute(db);
    await sql`
      create trigger register_tallies_delete after delete on register_persons
      referencing old table as old_rows
      for each statement execute function register_tallies_delete()`.execute(db);
  } else {
    const add = (r: 'new' | 'old', delta: number) => `
      insert into register_tallies (dim, value, n)
      select column1, column2, ${delta} from (values ${pairs(r, false)})
      where ${r}.life_status = 'hidup'
      on conflict (dim, value) do update set n = n + excluded.n;`;
    const bump = `${BUMP};`;
    await sql
      .raw(
        `create trigger register_tallies_insert after insert on register_persons begin ${add('new', 1)} ${bump} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger register_tallies_update
         after update of life_status, ${COUNTED.join(', ')} on register_persons
         begin ${add('old', -1)} ${add('new', 1)} ${bump} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger register_tallies_delete after delete on register_persons begin ${add('old', -1)} ${bump} end`,
      )
      .execute(db);
  }
  // The people already there, counted once (the triggers keep it from here on).
  for (const [dim, col] of DIMS) {
    const value = isPostgres(db)
      ? `coalesce(cast(${col} as varchar), '')`
      : `coalesce(cast(${col} as text), '')`;
    await sql
      .raw(
        `insert into register_tallies (dim, value, n)
         select '${dim}', ${value}, count(*) from register_persons
         where life_status = 'hidup' group by ${value}`,
      )
      .execute(db);
  }

  if (isPostgres(db)) {
    // As migration 0008: one extension per database, in `public` where this role may create.
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
      await sql`create index register_persons_name_trgm_idx on register_persons using gin (name_search ${ops})`.execute(
        db,
      );
    } else {
      console.warn(
        'migration 0015: pg_trgm cannot be added, so the register name search reads the name index (correct, but slower at 100,000 people)',
      );
    }
  } else {
    await sql`
      create virtual table register_persons_search using fts5(
        name_search, content = 'register_persons', content_rowid = 'id', tokenize = 'trigram'
      )`.execute(db);
    await sql`insert into register_persons_search (register_persons_search) values ('rebuild')`.execute(
      db,
    );
    await sql`
      create trigger register_persons_search_insert after insert on register_persons begin
        insert into register_persons_search (rowid, name_search) values (new.id, new.name_search);
      end`.execute(db);
    await sql`
      create trigger register_persons_search_delete after delete on register_persons begin
        insert into register_persons_search (register_persons_search, rowid, name_search)
        values ('delete', old.id, old.name_search);
      end`.execute(db);
    await sql`
      create trigger register_persons_search_update after update of name_search on register_persons begin
        insert into register_persons_search (register_persons_search, rowid, name_search)
        values ('delete', old.id, old.name_search);
        insert into register_persons_search (rowid, name_search) values (new.id, new.name_search);
      end`.execute(db);
  }

  await db.schema
    .createIndex('register_persons_status_dusun_name_idx')
    .on('register_persons')
    .columns(['life_status', 'dusun_id', 'name_search', 'gender'])
    .execute();
  await db.schema
    .createIndex('register_persons_dusun_name_idx')
    .on('register_persons')
    .columns(['dusun_id', 'name_search', 'gender'])
    .execute();
  // A NIK's start counted by sex from the index alone (a village's NIKs share their first six
  // digits: "3201" matches everyone, and reading 100,000 rows for their sex took 44 ms).
  await db.schema
    .createIndex('register_persons_nik_gender_idx')
    .on('register_persons')
    .columns(['nik', 'gender'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('register_persons_nik_gender_idx').execute();
  await db.schema.dropIndex('register_persons_dusun_name_idx').execute();
  await db.schema.dropIndex('register_persons_status_dusun_name_idx').execute();
  if (isPostgres(db)) {
    await sql`drop index if exists register_persons_name_trgm_idx`.execute(db);
    for (const t of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger register_tallies_${t} on register_persons`).execute(db);
      await sql.raw(`drop function register_tallies_${t}()`).execute(db);
    }
  } else {
    for (const t of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger register_persons_search_${t}`).execute(db);
      await sql.raw(`drop trigger register_tallies_${t}`).execute(db);
    }
    await sql`drop table register_persons_search`.execute(db);
  }
  await db.schema.dropTable('register_tallies').execute();
}
