import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone, one job at a time, in this process. For requests whose
 * answer must not depend on the work (forgot-password: a known and an unknown address get the
 * same answer after the same steps, so the response time tells nothing, issue 14.5). A job that
 * fails is logged; the queue is bounded, so a flood is dropped rather than held in memory.
 */
export interface BackgroundQueue {
  /**
   * Queues a job, to start after a random pause of up to `jitterMs` (so its load does not land on
   * the caller's next request); false when the queue was full and the job was dropped.
   */
  push(job: () => Promise<void>): boolean;
  /** Resolves when every queued job has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function createBackgroundQueue(
  log: FastifyBaseLogger,
  opts: { name: string; maxQueued?: number; jitterMs?: number },
): BackgroundQueue {
  const maxQueued = opts.maxQueued ?? 1000;
  const jitterMs = opts.jitterMs ?? 0;
  const jobs: (() => Promise<void>)[] = [];
  let running: Promise<void> | null = null;
  let waiting = 0;
  const waitingDone = new Set<() => void>();

  const enqueue = (job: () => Promise<void>) => {
    jobs.push(job);
    running ??= drain();
  };

  const drain = async () => {
    // Off the request's own tick: the answer is written before any job's query starts.
    await new Promise((resolve) => setImmediate(resolve));
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      try {
        await job();
      } catch (err) {
        log.error({ err, queue: opts.name }, 'background job failed');
      }
    }
    running = null;
  };

  return {
    push(job) {
      if (jobs.length + waiting >= maxQueued) {
        log.warn({ queue: opts.name }, 'background queue full: job dropped');
        return false;
      }
      if (jitterMs <= 0) {
        enqueue(job);
        return true;
      }
      waiting += 1;
      setTimeout(() => {
        waiting -= 1;
        enqueue(job);
        if (waiting === 0) for (const done of waitingDone) done();
      }, Math.random() * jitterMs).unref();
      return true;
    },
    async idle() {
      while (waiting > 0 || running) {
        if (waiting > 0) {
          await new Promise<void>((resolve) => {
            const done = () => {
              waitingDone.delete(done);
              resolve();
            };
            waitingDone.add(done);
          });
        }
        if (running) await running;
      }
    },
  };
}
