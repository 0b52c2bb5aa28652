/** A value computed at a moment: `at` is when its computation started (ms since the epoch). */
export interface Snapshot<T> {
  value: T;
  at: number;
}

export interface FreshSnapshotOptions {
  /** From this age on, a request is answered from the snapshot and a refresh starts beside it. */
  refreshAfterMs: number;
  /** Never answered at or past this age: the request waits for a fresh computation. */
  maxAgeMs: number;
  /** Told about a background refresh that failed (the request that started it got the old value). */
  onBackgroundError?: (err: unknown) => void;
}

/**
 * One process's copy of an expensive value, kept at most `maxAgeMs` old (ADR 0012):
 *
 * - No copy yet, or one `maxAgeMs` old or older: the caller waits for a computation. The first
 *   request after start is therefore always answered with figures computed for it.
 * - A copy younger than `refreshAfterMs`: returned as it is.
 * - A copy between the two ages: returned at once, and one refresh starts in the background,
 *   so under steady use the copy is renewed before anyone has to wait for it.
 *
 * Single flight: at most one computation runs at a time; every caller that needs one meanwhile
 * shares it. The age is counted from the start of the computation, so a value is never older
 * than it says. A failed computation is not kept: the callers waiting on it get the error, and
 * the next call tries again.
 */
export class FreshSnapshot<T> {
  #current: Snapshot<T> | undefined;
  #running: Promise<Snapshot<T>> | undefined;
  readonly #compute: (at: Date) => Promise<T>;
  readonly #options: FreshSnapshotOptions;

  constructor(compute: (at: Date) => Promise<T>, options: FreshSnapshotOptions) {
    if (!(options.refreshAfterMs <= options.maxAgeMs))
      throw new Error('refreshAfterMs must not exceed maxAgeMs');
    this.#compute = compute;
    this.#options = options;
  }

  /** A snapshot younger than `maxAgeMs`. */
  async get(): Promise<Snapshot<T>> {
    const current = this.#current;
    if (current) {
      const age = Date.now() - current.at;
      if (age < this.#options.maxAgeMs) {
        if (age >= this.#options.refreshAfterMs)
          this.refresh().catch((err: unknown) => this.#options.onBackgroundError?.(err));
        return current;
      }
    }
    return this.refresh();
  }

  /** Starts a computation unless one is running; resolves with the snapshot it makes. */
  refresh(): Promise<Snapshot<T>> {
    if (this.#running) return this.#running;
    const run = (async () => {
      // Yield once, so `#running` is set before the cleanup below can run.
      await null;
      try {
        const at = Date.now();
        const value = await this.#compute(new Date(at));
        const snapshot = { value, at };
        if (!this.#current || this.#current.at <= at) this.#current = snapshot;
        return snapshot;
      } finally {
        this.#running = undefined;
      }
    })();
    this.#running = run;
    return run;
  }

  /** True while a computation runs (for tests and diagnostics). */
  get refreshing(): boolean {
    return this.#running !== undefined;
  }
}
