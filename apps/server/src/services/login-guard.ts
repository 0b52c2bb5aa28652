import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { lastEventAt, recentFailures, writeAudit } from '../repositories/audit-log.ts';
import { HttpError } from '../lib/http-error.ts';
import { sha256Hex } from '../lib/tokens.ts';
import {
  admitAttempt,
  blockedUntil,
  dropReservation,
  pendingAction,
  reservationFailed,
  reserveAttempt,
} from './attempts.ts';

/**
 * Login protection (ADR 0011). Failures are counted from the audit log, so the limits hold
 * across processes and restarts, in three ways:
 *
 * - per account and address together: LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS failures lock that
 *   pair only — a stranger's failures never lock the owner's own address or device;
 * - per account from anywhere: past LOGIN_MAX_FAILURES_PER_ACCOUNT, the account is refused to every
 *   address and device that is not known-good for it (a distributed guess stays bounded);
 * - per address across accounts: past LOGIN_MAX_FAILURES_PER_ADDRESS, the address is refused
 *   for every account that has not signed in from it before (a whole office behind one NAT is
 *   not locked out by one person in it).
 *
 * Known-good for an account: an address it signed in from, or a device (the web app's random
 * device id) it signed in with, within KNOWN_GOOD_DAYS. The decision never depends on the password
 * given, so a refusal tells nothing about it; unknown e-mails are treated exactly like accounts
 * with no known-good address, so lock-outs do not reveal which accounts exist.
 *
 * Each attempt is recorded before its password is checked (services/attempts.ts, issue 18.5): an
 * attempt in flight counts as a failure, so parallel guesses cannot all read the same count and
 * all be checked.
 */

/** How long a successful sign-in makes an address or device known-good for the account. */
export const KNOWN_GOOD_DAYS = 90;

/** The audit key of what was typed in the login field (an e-mail, or a NIK). */
export function loginKey(identifier: string): string {
  return sha256Hex(`login:${identifier.trim().toLowerCase()}`).slice(0, 40);
}

/** The audit key of a device for one account (never the device id itself). */
export function deviceKey(key: string, device: string): string {
  return sha256Hex(`device:${key}:${device}`).slice(0, 40);
}

export interface LoginAttempt {
  /** loginKey of the identifier typed. */
  key: string;
  ip: string;
  /** deviceKey of the device id the client sent, if any. */
  device: string | null;
}

/** An attempt let through to its password check: its reservation in the audit log. */
export interface OpenLoginAttempt extends LoginAttempt {
  reservation: number;
}

const FAILURE = 'login.failure';
/** What counts against the limits: failures, and attempts whose check has not ended. */
const COUNTED = [FAILURE, pendingAction('login')] as const;

interface Counts {
  pair: string[];
  account: string[];
  address: string[];
}

async function counts(
  db: Kysely<Database>,
  config: Config,
  a: LoginAttempt,
  opts: { actions: readonly string[]; except?: number },
): Promise<Counts> {
  const windowStart = new Date(Date.now() - config.LOGIN_LOCK_MINUTES * 60_000).toISOString();
  // A success ends the account's (and so the pair's) run of failures.
  const lastSuccess = await lastEventAt(db, { action: 'login.success', subjectKey: a.key });
  const since = lastSuccess && lastSuccess > windowStart ? lastSuccess : windowStart;
  const action = opts.actions;
  const except = opts.except;
  const [account, pair, address] = await Promise.all([
    recentFailures(db, { action, since, subjectKey: a.key, except }),
    recentFailures(db, { action, since, subjectKey: a.key, ip: a.ip, except }),
    recentFailures(db, { action, since: windowStart, ip: a.ip, except }),
  ]);
  return { pair, account, address };
}

/** Whether the account signed in from this address, or with this device, recently. */
async function knownGood(db: Kysely<Database>, a: LoginAttempt): Promise<boolean> {
  const since = new Date(Date.now() - KNOWN_GOOD_DAYS * 86_400_000).toISOString();
  // Both queries always run: the time spent does not depend on the answer.
  const [byAddress, byDevice] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'login.success')
      .where('ip', '=', a.ip)
      .where('subject_key', '=', a.key)
      .where('created_at', '>', since)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'login.device')
      .where('subject_key', '=', a.device ?? '-')
      .where('created_at', '>', since)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return byAddress !== undefined || (a.device !== null && byDevice !== undefined);
}

type Reason = 'account_address' | 'account' | 'address';

function lockedUntil(c: Counts, known: boolean, config: Config): { until: number; by: Reason } {
  const lockMs = config.LOGIN_LOCK_MINUTES * 60_000;
  const candidates: [number, Reason][] = [
    [
      blockedUntil(c.pair, config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS, lockMs),
      'account_address',
    ],
  ];
  if (!known) {
    candidates.push([
      blockedUntil(c.account, config.LOGIN_MAX_FAILURES_PER_ACCOUNT, lockMs),
      'account',
    ]);
    candidates.push([
      blockedUntil(c.address, config.LOGIN_MAX_FAILURES_PER_ADDRESS, lockMs),
      'address',
    ]);
  }
  const [until, by] = candidates.reduce((a, b) => (b[0] > a[0] ? b : a));
  return { until, by };
}

/**
 * Records the attempt, then refuses it (429 with Retry-After) while one of the limits holds for
 * it, counting the other attempts still being checked as failures. An attempt let through must
 * end in `recordFailure` or `recordSuccess`.
 */
export async function beginLoginAttempt(
  db: Kysely<Database>,
  config: Config,
  attempt: LoginAttempt,
): Promise<OpenLoginAttempt> {
  const known = await knownGood(db, attempt);
  let by: Reason = 'account_address';
  const { reservation, until } = await admitAttempt(
    db,
    () => reserveAttempt(db, 'login', { subject_key: attempt.key, ip: attempt.ip }),
    async (except, withPending) => {
      const c = await counts(db, config, attempt, {
        actions: withPending ? COUNTED : [FAILURE],
        except,
      });
      const locked = lockedUntil(c, known, config);
      by = locked.by;
      return locked.until;
    },
  );
  const now = Date.now();
  if (reservation === null) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    await writeAudit(db, {
      action: 'login.blocked',
      subject_key: attempt.key,
      ip: attempt.ip,
      detail: { by },
    });
    throw new HttpError(
      429,
      `Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam ${minutes} menit.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
  return { ...attempt, reservation };
}

/** Records a failure; when it is the one that reaches a limit, records the lock-out too. */
export async function recordFailure(
  db: Kysely<Database>,
  config: Config,
  entry: { attempt: OpenLoginAttempt; userId: number | null; reason: string },
): Promise<void> {
  const { attempt } = entry;
  const subject = {
    user_id: entry.userId,
    subject_type: entry.userId ? 'user' : null,
    subject_id: entry.userId,
  };
  await reservationFailed(db, attempt.reservation, {
    action: FAILURE,
    ...subject,
    detail: { reason: entry.reason },
  });
  // Counted again after the update, so concurrent failures still yield one lock-out row each.
  const c = await counts(db, config, attempt, { actions: [FAILURE] });
  const reached: Reason[] = [];
  if (c.pair.length === config.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS)
    reached.push('account_address');
  if (c.account.length === config.LOGIN_MAX_FAILURES_PER_ACCOUNT) reached.push('account');
  if (c.address.length === config.LOGIN_MAX_FAILURES_PER_ADDRESS) reached.push('address');
  for (const by of reached) {
    await writeAudit(db, {
      action: 'login.locked',
      ...subject,
      subject_key: attempt.key,
      ip: attempt.ip,
      detail: { by },
    });
  }
}

/** Records a sign-in: the address, and the device if one was sent, become known-good. */
export async function recordSuccess(
  db: Kysely<Database>,
  entry: { attempt: OpenLoginAttempt; userId: number },
): Promise<void> {
  const { attempt, userId } = entry;
  const subject = { user_id: userId, subject_type: 'user', subject_id: userId, ip: attempt.ip };
  await writeAudit(db, { action: 'login.success', ...subject, subject_key: attempt.key });
  await dropReservation(db, attempt.reservation);
  if (attempt.device) {
    await writeAudit(db, { action: 'login.device', ...subject, subject_key: attempt.device });
  }
}
