import { sql, type Kysely } from 'kysely';

/**
 * The version of what the public pages show (migration 0013, ADR 0025): bumped by the database
 * in the transaction of every write to content or settings (triggers, migration 0019), read
 * before a public answer is served from memory.
 *
 * Reads are coalesced: a request waits for a read that *started after it arrived* (so it sees
 * every change whose answer was sent before it came in, on any process), and all requests that
 * arrive while a read is on its way share the next one. Under load that is one small query per
 * round trip to the database, not one per request.
 */
export interface PublicVersion {
  /** The current version, as a read started after this call sees it. */
  current(): Promise<number>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one raw table outside the typed schema
type AnyDb = Kysely<any>;

export function publicVersion(db: AnyDb): PublicVersion {
  /** The read on its way, if any. */
  let inFlight: Promise<number> | null = null;
  /** The read that starts once `inFlight` is done, shared by everyone who came meanwhile. */
  let next: Promise<number> | null = null;

  const read = async (): Promise<number> => {
    const { rows } = await sql<{
      version: number | string;
    }>`select version from public_version where id = 1`.execute(db);
    return Number(rows[0]?.version ?? 0);
  };

  const start = (): Promise<number> => {
    const p = read();
    inFlight = p;
    const clear = () => {
      if (inFlight === p) inFlight = null;
    };
    p.then(clear, clear);
    return p;
  };

  return {
    current() {
      if (!inFlight) return start();
      // A read is on its way but started before we came: wait for it, then share the next one.
      if (!next) {
        const after = inFlight.then(
          () => undefined,
          () => undefined,
        );
        next = after.then(() => {
          next = null;
          return start();
        });
      }
      return next;
    },
  };
}
