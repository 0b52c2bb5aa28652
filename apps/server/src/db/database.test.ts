import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './database.ts';
import { groupCommit } from './group-commit.ts';

const BATCHES = 40;
const ROWS_PER_BATCH = 20;
const ROW_BYTES = 2048;

let dir = '';
let db: Db | undefined;

afterEach(async () => {
  await db?.close();
  db = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = '';
});

async function openFile(): Promise<{ db: Db; file: string }> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-wal-'));
  const file = path.join(dir, 'wal.sqlite');
  db = openDb(`file:${file}`);
  await sql`create table blobs (id integer primary key, body blob not null)`.execute(db.kysely);
  return { db, file };
}

/** One batch of submissions arriving together, as the group commit sees them. */
function batch(target: Db): Promise<unknown[]> {
  return Promise.all(
    Array.from({ length: ROWS_PER_BATCH }, () =>
      groupCommit(target.kysely, (trx) =>
        sql`insert into blobs (body) values (${randomBytes(ROW_BYTES)})`.execute(trx),
      ),
    ),
  );
}

describe('SQLite WAL checkpoints (ADR 0010)', () => {
  it('starts the WAL over under a steady stream of group commits instead of letting it grow', async () => {
    const { db: target, file } = await openFile();
    for (let i = 0; i < BATCHES; i++) {
      await batch(target);
      // The gap before the next burst of requests, in which the worker checkpoints.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const written = BATCHES * ROWS_PER_BATCH * ROW_BYTES;
    const rows = await sql<{ n: number }>`select count(*) as n from blobs`.execute(target.kysely);
    expect(rows.rows[0]?.n).toBe(BATCHES * ROWS_PER_BATCH);
    // Checkpointed on a timer only, the WAL held every batch since the run began (over 1.6 MB
    // here); checkpointed after each commit, SQLite keeps overwriting its first few batches.
    const walBytes = fs.statSync(`${file}-wal`).size;
    expect(walBytes).toBeGreaterThan(0);
    expect(walBytes).toBeLessThan(written / 4);
  });

  it('closes cleanly, also when closed twice', async () => {
    const { db: target, file } = await openFile();
    await batch(target);
    await Promise.all([target.close(), target.close()]);
    db = undefined;
    // Closed connections leave no WAL behind: everything is in the database file.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = openDb(`file:${file}`);
    db = reopened;
    const rows = await sql<{ n: number }>`select count(*) as n from blobs`.execute(reopened.kysely);
    expect(rows.rows[0]?.n).toBe(ROWS_PER_BATCH);
  });
});
