import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb, onPostgres, type TestDb } from './helpers.ts';
import { publicVersion, sqliteVersionReader } from '../src/services/public-version.ts';

// Issue 23: the public version a process checks before serving a kept public answer.
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.drop();
});

const bump = () =>
  sql`update public_version set version = version + 1 where id = 1`.execute(t.db.kysely);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('public version', () => {
  it('sees a write committed before the call, on any connection', async () => {
    const reader = onPostgres ? null : await sqliteVersionReader(t.db.kysely);
    const version = publicVersion(t.db.kysely, reader);
    try {
      const before = await version.current();
      await bump();
      await nextTurn();
      expect(await version.current()).toBe(before + 1);
      await bump();
      await bump();
      await nextTurn();
      expect(await version.current()).toBe(before + 3);
    } finally {
      version.close();
    }
  });

  it('after forget() (a write of this process) the next call reads again', async () => {
    const reader = onPostgres ? null : await sqliteVersionReader(t.db.kysely);
    const version = publicVersion(t.db.kysely, reader);
    try {
      await nextTurn();
      const first = await version.current();
      await bump();
      version.forget();
      expect(await version.current()).toBe(first + 1);
    } finally {
      version.close();
    }
  });

  // SQLite's reader is synchronous: one read per turn of the event loop. (PostgreSQL's reads
  // are asynchronous and coalesced; the test above covers them.)
  if (!onPostgres) {
    it('on SQLite, reads once per turn of the event loop and again in the next turn', async () => {
      const reader = await sqliteVersionReader(t.db.kysely);
      expect(reader).not.toBeNull();
      const version = publicVersion(t.db.kysely, reader);
      const file = (
        await sql<{
          file: string;
        }>`select file from pragma_database_list where name = 'main'`.execute(t.db.kysely)
      ).rows[0]!.file;
      // Another process's connection, written synchronously inside this turn.
      const other = new SQLite(file);
      try {
        await nextTurn();
        const first = version.current() as number;
        other.prepare('update public_version set version = version + 1 where id = 1').run();
        // The requests handled in this turn arrived before the write: they share the read.
        expect(version.current()).toBe(first);
        await nextTurn();
        // The next turn reads again and sees it.
        expect(version.current()).toBe(first + 1);
        // A write committed within the turn: forget() makes the next call read.
        other.prepare('update public_version set version = version + 1 where id = 1').run();
        expect(version.current()).toBe(first + 1);
        version.forget();
        expect(version.current()).toBe(first + 2);
      } finally {
        other.close();
        version.close();
      }
    });
  }
});
