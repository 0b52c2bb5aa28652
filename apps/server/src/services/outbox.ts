import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema.ts';
import { isSqlite } from '../db/database.ts';
import type { NoticeChannel, NoticeOutboxTable } from '../db/tables/notices.ts';
import { DeliveryError, type Provider } from './notice-providers.ts';

export { queueNotices, type NoticeToQueue } from '../repositories/notice-outbox.ts';

type Row = Omit<NoticeOutboxTable, 'id'> & { id: number };

export interface OutboxOptions {
  /** Attempts before a notice is marked failed. */
  maxTries: number;
  /** The first pause after a failed try, doubled after each (capped at `maxPauseMs`). */
  firstPauseMs: number;
  maxPauseMs: number;
  /** How long a claim holds; a row still 'sending' after it (a process stopped) is claimed again. */
  leaseMs: number;
  /** Rows claimed per round. */
  batch: number;
  /** Pause between rounds when nothing is due. */
  idleMs: number;
  /** Least pause between two sends on one channel (the provider's allowed rate); 0: none. */
  minGapMs?: Partial<Record<NoticeChannel, number>>;
}

/**
 * Claims due rows for this worker, in one statement on either database, so no row is handed to
 * two workers: PostgreSQL locks the candidates with FOR UPDATE SKIP LOCKED (another worker skips
 * them); SQLite runs the UPDATE … WHERE id IN (…) under its single writer lock, and the
 * `state`/`lease_until` condition is re-checked by the update itself. A due row is one queued
 * whose time has come, or one 'sending' whose lease ran out (its worker stopped mid-way).
 */
export async function claimDue(
  db: Kysely<Database>,
  worker: string,
  opts: Pick<OutboxOptions, 'leaseMs' | 'batch'>,
  now = new Date(),
): Promise<Row[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + opts.leaseMs).toISOString();
  const due = sql`(state = 'queued' and next_attempt_at <= ${at}) or (state = 'sending' and lease_until < ${at})`;
  const set = sql`set state = 'sending', lease_until = ${lease}, claimed_by = ${worker}, tries = tries + 1`;
  // On PostgreSQL the candidates are picked once, in a CTE (a subquery under IN may be run again
  // for each row and would pick more than `batch`).
  const result = isSqlite(db)
    ? await sql<Row>`
        update notice_outbox ${set}
         where id in (select id from notice_outbox where ${due} order by id limit ${opts.batch})
           and (${due})
        returning *`.execute(db)
    : await sql<Row>`
        with picked as (
          select id from notice_outbox where ${due} order by id limit ${opts.batch}
          for update skip locked)
        update notice_outbox ${set} from picked
         where notice_outbox.id = picked.id
        returning notice_outbox.*`.execute(db);
  return result.rows.map((r) => ({ ...r, id: Number(r.id), tries: Number(r.tries) }));
}

/**
 * The pause before try `tries + 1`: the provider's Retry-After when it gave one (a 429 or 503
 * says when it will take the message: waiting the first backoff of 30 s instead held notices
 * back long after the provider was ready, issue 22), else doubling from the first pause.
 */
export function pauseAfter(tries: number, retryAfter: number | null, o: OutboxOptions): number {
  if (retryAfter !== null) return retryAfter;
  return Math.min(o.firstPauseMs * 2 ** Math.max(0, tries - 1), o.maxPauseMs);
}

/** How long a round waits for a channel the provider has paused before handing its rows back. */
export const HOLD_WAIT_MAX_MS = 2000;

/** How many outcomes may wait to be written while the next notices go out. */
const SETTLES_AHEAD = 5;

/**
 * Writes an attempt's outcome, trying again while the database refuses the write (SQLite busy
 * past its timeout under another process's writes, a dropped PostgreSQL connection) for up to
 * half the lease. A notice the provider has already taken must not stay `sending` and go out
 * again when its lease runs out only because the database was busy for a moment (issue 22: a
 * bench with a second process writing found 15 of 10,000 sent twice before this). The write is
 * idempotent: it only changes a row this worker still holds.
 */
async function written(write: () => Promise<unknown>, budgetMs: number): Promise<void> {
  const until = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await write();
      return;
    } catch (err) {
      if (Date.now() >= until) throw err;
      await new Promise((r) => setTimeout(r, Math.min(25 * 2 ** attempt, 1000)));
    }
  }
}

/** Records one attempt's outcome, only if this worker still holds the claim. */
async function settle(
  db: Kysely<Database>,
  row: Row,
  worker: string,
  err: unknown,
  o: OutboxOptions,
): Promise<'sent' | 'retry' | 'failed'> {
  const now = new Date();
  // Until the claim's lease ends: after it, another worker may claim the row again.
  const leaseEnd = row.lease_until ? Date.parse(row.lease_until) : Date.now() + o.leaseMs / 2;
  const budget = Math.max(0, leaseEnd - Date.now());
  const mine = () =>
    db
      .updateTable('notice_outbox')
      .where('id', '=', row.id)
      .where('claimed_by', '=', worker)
      .where('state', '=', 'sending');
  if (err === null) {
    await written(
      () =>
        mine()
          .set({ state: 'sent', sent_at: now.toISOString(), lease_until: null, last_error: null })
          .execute(),
      budget,
    );
    return 'sent';
  }
  const known = err instanceof DeliveryError;
  const reason = (known ? err.message : `galat: ${(err as Error).message ?? String(err)}`).slice(
    0,
    500,
  );
  const retryable = known ? err.retryable : true;
  if (!retryable || row.tries >= o.maxTries) {
    // next_attempt_at: when this last try was made (the office's "last failure").
    await written(
      () =>
        mine()
          .set({
            state: 'failed',
            lease_until: null,
            last_error: reason,
            next_attempt_at: now.toISOString(),
          })
          .execute(),
      budget,
    );
    return 'failed';
  }
  const pause = pauseAfter(row.tries, known ? err.retryAfterMs : null, o);
  await written(
    () =>
      mine()
        .set({
          state: 'queued',
          lease_until: null,
          last_error: reason,
          next_attempt_at: new Date(now.getTime() + pause).toISOString(),
        })
        .execute(),
    budget,
  );
  return 'retry';
}

export interface OutboxWorker {
  /** One round: claims what is due and delivers it; resolves with how many rows were handled. */
  runOnce(): Promise<number>;
  /** Starts rounds in the background (every `idleMs`, at once again while rows keep coming). */
  start(): void;
  /** Asks for a round soon (after a commit queued notices). */
  wake(): void;
  stop(): Promise<void>;
  readonly id: string;
}

/** The delivering worker of one process; any number of processes may run one on one database. */
export function createOutboxWorker(
  db: Kysely<Database>,
  providers: Partial<Record<NoticeChannel, Provider>>,
  opts: OutboxOptions,
  log: FastifyBaseLogger,
): OutboxWorker {
  const id = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
  /** Each channel's next slot (spaced). */
  const nextSlot = new Map<NoticeChannel, number>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  /** Until when a provider asked for no more messages on a channel (its 429's Retry-After). */
  const heldUntil = new Map<NoticeChannel, number>();

  /**
   * Waits for the channel's next slot. Slots are `gap` apart on an ideal timeline: a send that
   * went late (the event loop busy with the office's work) does not push every later one back,
   * the next keeps its own slot (issue 22: pacing from each actual send held a busy process to
   * 42 of 47.6 a second). After a pause longer than a slot the timeline starts again from now, so
   * there is never a burst, and any second holds at most 1000 / gap + 2 sends (49 at 21 ms:
   * WA_MIN_GAP_MS a little above the provider's pause, docs/operations.md).
   */
  const spaced = async (channel: NoticeChannel) => {
    const gap = opts.minGapMs?.[channel] ?? 0;
    const now = Date.now();
    const ideal = nextSlot.get(channel);
    const slot = Math.max(
      ideal === undefined || ideal < now - gap ? now : ideal,
      heldUntil.get(channel) ?? 0,
    );
    nextSlot.set(channel, slot + gap);
    if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
  };

  // A row is sent only while more than half its lease remains, so the send (bounded by the
  // provider's timeout) and its settle land before the lease ends and no other worker can have
  // claimed it again (issue 22: with a batch claimed at once and writes slowed by another
  // process, the rows at the end of a batch outlived their lease, were claimed by the other
  // process's worker and went out twice). Later rows of the batch go back to the queue.
  const leaseLeft = (row: Row) =>
    row.lease_until ? Date.parse(row.lease_until) - Date.now() : opts.leaseMs;
  const release = async (rows: Row[], until?: number) => {
    try {
      await db
        .updateTable('notice_outbox')
        .set((eb) => ({
          state: 'queued',
          lease_until: null,
          tries: eb('tries', '-', 1),
          ...(until ? { next_attempt_at: new Date(until).toISOString() } : {}),
        }))
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .where('claimed_by', '=', id)
        .where('state', '=', 'sending')
        .execute();
    } catch (err) {
      // Their lease running out makes them due again all the same.
      log.warn({ err }, 'outbox: could not hand back unsent notices');
    }
  };

  /** Sends one notice; resolves with its error, null when the provider took it. */
  const send = async (row: Row): Promise<unknown> => {
    // A resident's WhatsApp goes through the gateway, or the Cloud API when only it is set up.
    const provider =
      providers[row.channel] ?? (row.channel === 'whatsapp' ? providers.whatsapp_cloud : undefined);
    if (!provider) return new DeliveryError(`saluran ${row.channel} tidak diaktifkan`, false);
    await spaced(row.channel);
    try {
      await provider(row);
      return null;
    } catch (e) {
      // A provider that asks for a pause gets it on the whole channel, not only for this row.
      if (e instanceof DeliveryError && e.retryAfterMs !== null) {
        heldUntil.set(row.channel, Date.now() + e.retryAfterMs);
      }
      return e;
    }
  };

  const record = async (row: Row, err: unknown) => {
    try {
      const outcome = await settle(db, row, id, err, opts);
      if (outcome === 'failed')
        log.warn({ notice: row.id, channel: row.channel, err }, 'notice failed');
    } catch (e) {
      // Still 'sending': its lease running out makes it due again.
      log.warn({ err: e, notice: row.id }, 'outbox: could not record a delivery');
    }
  };

  const runOnce = (): Promise<number> => {
    running ??= (async () => {
      try {
        const rows = await claimDue(db, id, opts);
        const late: Row[] = [];
        const held = new Map<number, Row[]>();
        // Outcomes are written while the next notices go out (at most SETTLES_AHEAD behind):
        // on SQLite another process's writes slowed each write, and a send that waited for
        // the one before it to be written held the channel under its allowed rate (issue 22).
        let settling: Promise<void> = Promise.resolve();
        let ahead = 0;
        for (const row of rows) {
          const until = heldUntil.get(row.channel) ?? 0;
          if (until - Date.now() > HOLD_WAIT_MAX_MS) {
            held.set(until, [...(held.get(until) ?? []), row]);
          } else if (leaseLeft(row) > opts.leaseMs / 2) {
            const err = await send(row);
            ahead += 1;
            settling = settling.then(() => record(row, err)).finally(() => (ahead -= 1));
            if (ahead >= SETTLES_AHEAD) await settling;
          } else late.push(row);
        }
        await settling;
        if (late.length > 0) await release(late);
        for (const [until, list] of held) await release(list, until);
        return rows.length;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const schedule = (ms: number) => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce().then(
        (n) => schedule(n >= opts.batch ? 0 : opts.idleMs),
        (err: unknown) => {
          log.warn({ err }, 'outbox round failed');
          schedule(opts.idleMs);
        },
      );
    }, ms);
    timer.unref();
  };

  return {
    id,
    runOnce,
    start() {
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped || running) return;
      if (timer) clearTimeout(timer);
      timer = null;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}
