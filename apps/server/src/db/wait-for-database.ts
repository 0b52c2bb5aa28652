import { isDatabaseUnavailable } from '../lib/db-errors.ts';

/**
 * The pauses between tries while the database cannot be reached at start-up (issue 19.7): they
 * grow, then stay at 30 s. Each try itself waits up to 5 s for a connection (CONNECT_TIMEOUT_MS).
 */
export const START_RETRY_PAUSES_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/** An error that means "the database is away", also when a migration's error wraps it. */
function unreachable(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  const cause = (err as { cause?: unknown } | null)?.cause;
  return cause !== undefined && isDatabaseUnavailable(cause);
}

function describe(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return describe(err.errors[0]);
  return err instanceof Error ? err.message || err.name : String(err);
}

/**
 * Runs `work` (the start's migration and seed) until the database answers: while PostgreSQL is
 * down, starting up or unreachable, each failed try is logged with the reason and the pause
 * before the next; any other error is thrown at once. A try cut off half-way is harmless: each
 * migration and each seed step is one transaction (db/migrate.ts, seed/seed.ts).
 */
export async function untilDatabaseReachable<T>(
  work: () => Promise<T>,
  log: (line: string) => void,
  pauses: readonly number[] = START_RETRY_PAUSES_MS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await work();
      if (attempt > 1) log(`Basis data dapat dihubungi pada percobaan ke-${attempt}.`);
      return result;
    } catch (err) {
      if (!unreachable(err)) throw err;
      const pause = pauses[Math.min(attempt - 1, pauses.length - 1)] ?? 1_000;
      log(
        `Basis data belum dapat dihubungi (percobaan ke-${attempt}: ${describe(err)}); mencoba lagi dalam ${pause / 1000} detik.`,
      );
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}
