import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

// Frozen: the public version (0013) is bumped by the database itself, in the transaction of
// every write to what the public pages show (the ten content tables and the settings row), so a
// write cannot commit without its bump and a failed one bumps nothing (issue 23, ADR 0025). It
// was bumped by the server after the write's answer was built: a crash between the two left
// other processes serving old pages.
const TABLES = [
  'settings',
  'homepage_headers',
  'homepage_benefits',
  'homepage_galleries',
  'village_profiles',
  'village_structures',
  'village_infos',
  'population_infos',
  'population_ages',
  'population_jobs',
  'population_religions',
] as const;

const BUMP = 'update public_version set version = version + 1 where id = 1';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function public_version_bump() returns trigger language plpgsql as $$
         begin ${BUMP}; return null; end $$`,
      )
      .execute(db);
    // Once per statement: a statement that deletes many rows bumps once.
    for (const table of TABLES) {
      await sql
        .raw(
          `create trigger ${table}_public_version after insert or update or delete on ${table}
           for each statement execute function public_version_bump()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_public_version_${op} after ${op} on ${table} begin ${BUMP}; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of TABLES) {
      await sql.raw(`drop trigger if exists ${table}_public_version on ${table}`).execute(db);
    }
    await sql`drop function if exists public_version_bump()`.execute(db);
    return;
  }
  for (const table of TABLES) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_public_version_${op}`).execute(db);
    }
  }
}
