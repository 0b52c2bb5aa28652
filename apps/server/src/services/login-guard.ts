import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { lastEventAt, recentFailures, writeAudit } from '../repositories/audit-log.ts';
import { HttpError } from '../lib/http-error.ts';
import { sha256Hex } from '../lib/tokens.ts';

/**
 * Login failures are counted from the audit log, per e-mail tried and per address, so the
 * limit holds across processes and restarts. Unknown e-mails lock out exactly like known ones:
 * a lock-out must not reveal which accounts exist.
 */
export function loginKey(email: string): string {
  return sha256Hex(`login:${email.toLowerCase()}`).slice(0, 40);
}

interface FailureWindow {
  /** Failures for this e-mail since the lock window opened or its last success. */
  account: string[];
  /** Failures from this address within the lock window. */
  address: string[];
}

async function recentLoginFailures(
  db: Kysely<Database>,
  config: Config,
  key: string,
  ip: string,
): Promise<FailureWindow> {
  const windowStart = new Date(Date.now() - config.LOGIN_LOCK_MINUTES * 60_000).toISOString();
  const lastSuccess = await lastEventAt(db, { action: 'login.success', subjectKey: key });
  const since = lastSuccess && lastSuccess > windowStart ? lastSuccess : windowStart;
  return {
    account: await recentFailures(db, { action: 'login.failure', since, subjectKey: key }),
    address: await recentFailures(db, { action: 'login.failure', since: windowStart, ip }),
  };
}

export async function assertNotLocked(
  db: Kysely<Database>,
  config: Config,
  key: string,
  ip: string,
): Promise<void> {
  const lockMs = config.LOGIN_LOCK_MINUTES * 60_000;
  const now = Date.now();
  const failures = await recentLoginFailures(db, config, key, ip);
  const blockedBy = (list: string[], max: number) =>
    list.length >= max ? Date.parse(list[list.length - max]!) + lockMs : 0;
  const until = Math.max(
    blockedBy(failures.account, config.LOGIN_MAX_FAILURES_PER_ACCOUNT),
    blockedBy(failures.address, config.LOGIN_MAX_FAILURES_PER_ADDRESS),
  );
  if (until > now) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    await writeAudit(db, { action: 'login.blocked', subject_key: key, ip });
    throw new HttpError(
      429,
      `Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam ${minutes} menit.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
}

/** Records a failure; when it is the one that reaches a limit, records the lock-out too. */
export async function recordFailure(
  db: Kysely<Database>,
  config: Config,
  entry: { key: string; ip: string; userId: number | null; reason: string },
): Promise<void> {
  await writeAudit(db, {
    action: 'login.failure',
    user_id: entry.userId,
    subject_type: entry.userId ? 'user' : null,
    subject_id: entry.userId,
    subject_key: entry.key,
    ip: entry.ip,
    detail: { reason: entry.reason },
  });
  // Counted again after the insert, so concurrent failures still yield one lock-out row.
  const failures = await recentLoginFailures(db, config, entry.key, entry.ip);
  const byAccount = failures.account.length === config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
  if (byAccount || failures.address.length === config.LOGIN_MAX_FAILURES_PER_ADDRESS) {
    await writeAudit(db, {
      action: 'login.locked',
      user_id: entry.userId,
      subject_type: entry.userId ? 'user' : null,
      subject_id: entry.userId,
      subject_key: entry.key,
      ip: entry.ip,
      detail: { by: byAccount ? 'account' : 'address' },
    });
  }
}
