// The database before and after a request: every table's rows, hashed, and what changed.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.ts';

/** Every table's rows by key (id, or the whole row), each as a hash of its content. */
export type Snapshot = Map<string, Map<string, string>>;

const BLOB_TYPES = new Set(['blob', 'bytea']);
/** Tables that may change on a refusal, and how (see the module's comment). */
const APPEND_ONLY = new Set(['audit_log']);
/** The key of an append-only table's row count (PostgreSQL snapshots). */
const COUNT = '#count';
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };

interface TableSpec {
  name: string;
  columns: string[];
  hasId: boolean;
}

/** Reads every table's rows (the table list is read once: the schema does not change meanwhile). */
export function snapshotter(db: Kysely<Database>): () => Promise<Snapshot> {
  let specs: Promise<TableSpec[]> | undefined;
  const tableSpecs = async (): Promise<TableSpec[]> => {
    const tables = await db.introspection.getTables();
    // PostgreSQL: the introspection lists every schema; the queries below read the search path's.
    const own = tables.some((t) => t.schema !== undefined)
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
    return tables
      .filter((t) => !t.isView && !t.name.startsWith('kysely_'))
      .filter((t) => own === undefined || t.schema === own)
      .map((t) => {
        const columns = t.columns
          .filter((c) => !BLOB_TYPES.has(c.dataType.toLowerCase()))
          .filter((c) => !(VOLATILE_COLUMNS[t.name] ?? []).includes(c.name))
          .map((c) => c.name);
        return {
          name: t.name,
          columns: APPEND_ONLY.has(t.name) ? ['id'] : columns,
          hasId: columns.includes('id'),
        };
      });
  };
  let postgres: boolean | undefined;
  return async () => {
    specs ??= tableSpecs();
    const tables = await specs;
    postgres ??=
      tables.length > 0 && (await db.introspection.getTables()).some((t) => t.schema !== undefined);
    const out: Snapshot = new Map(tables.map((t) => [t.name, new Map<string, string>()]));
    if (postgres) {
      // One round trip and one row per table: its count and the md5 of its rows' md5s. (A
      // refusal that changed a table is then named by table, not by row.)
      const parts = tables.map((t) =>
        APPEND_ONLY.has(t.name)
          ? sql`select ${sql.lit(t.name)} as t, count(*)::int as n, '' as h from ${sql.table(t.name)}`
          : sql`select ${sql.lit(t.name)} as t, count(*)::int as n, md5(coalesce(string_agg(md5(row(${sql.join(t.columns.map((c) => sql.ref(c)))})::text), ',' order by md5(row(${sql.join(t.columns.map((c) => sql.ref(c)))})::text)), '')) as h from ${sql.table(t.name)}`,
      );
      const rows = await sql<{
        t: string;
        n: number;
        h: string;
      }>`${sql.join(parts, sql` union all `)}`.execute(db);
      for (const r of rows.rows)
        out
          .get(r.t)!
          .set(
            APPEND_ONLY.has(r.t) ? COUNT : 'rows',
            APPEND_ONLY.has(r.t) ? String(r.n) : `${r.n} rows, ${r.h.slice(0, 12)}`,
          );
      return out;
    }
    for (const t of tables) {
      const rows = await sql<
        Record<string, unknown>
      >`select ${sql.join(t.columns.map((c) => sql.ref(c)))} from ${sql.table(t.name)}`.execute(db);
      const m = out.get(t.name)!;
      for (const row of rows.rows) {
        const text = JSON.stringify(row, (_k, v: unknown) =>
          typeof v === 'bigint' ? String(v) : v,
        );
        const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
        m.set(t.hasId ? String(row.id) : text, hash);
      }
    }
    return out;
  };
}

/** What changed from `a` to `b`, as "table: +added ~changed -removed" (append-only tables: removals and changes only). */
export function changes(a: Snapshot, b: Snapshot): string[] {
  const out: string[] = [];
  for (const [table, after] of b) {
    const before = a.get(table) ?? new Map<string, string>();
    const added = [...after.keys()].filter((k) => !before.has(k));
    const removed = [...before.keys()].filter((k) => !after.has(k));
    const changed = [...after]
      .filter(([k, h]) => before.has(k) && before.get(k) !== h)
      .map(([k]) => k);
    if (APPEND_ONLY.has(table) && after.has(COUNT)) {
      if (Number(after.get(COUNT)) < Number(before.get(COUNT) ?? 0))
        out.push(`${table}: rows removed`);
      continue;
    }
    if (APPEND_ONLY.has(table) && removed.length === 0 && changed.length === 0) continue;
    if (added.length + removed.length + changed.length > 0)
      out.push(
        `${table}: ${[
          added.length ? `+${added.slice(0, 5).join(',')}` : '',
          changed.length ? `~${changed.slice(0, 5).join(',')}` : '',
          removed.length ? `-${removed.slice(0, 5).join(',')}` : '',
        ]
          .filter(Boolean)
          .join(' ')}`,
      );
  }
  return out;
}
