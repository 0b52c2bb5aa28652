/**
 * A counted number of places for work in this process (issues 18.4 and 19.5): uploads being
 * received, images being decoded. `acquire` waits in line for a free place, at most `waitMs`, and
 * leaves the line early when `gone` fires (the client went away); `tryAcquire` never waits.
 */
/** The longest wait a timer takes (about 24 days). */
const FOREVER_MS = 2 ** 31 - 1;

export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Places in use now. */
  get inUse(): number {
    return this.active;
  }

  /** Takes a place if one is free. */
  tryAcquire(): boolean {
    if (this.active >= this.size) return false;
    this.active += 1;
    return true;
  }

  /**
   * Waits for a place; true once it is taken (call `release` after), false when `waitMs` passed
   * or `gone` fired first.
   */
  acquire(waitMs: number, gone?: AbortSignal): Promise<boolean> {
    if (this.tryAcquire()) return Promise.resolve(true);
    if (gone?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const turn = () => {
        clearTimeout(timer);
        gone?.removeEventListener('abort', leave);
        this.active += 1;
        resolve(true);
      };
      const leave = () => {
        const i = this.waiting.indexOf(turn);
        if (i >= 0) this.waiting.splice(i, 1);
        clearTimeout(timer);
        gone?.removeEventListener('abort', leave);
        resolve(false);
      };
      const timer = setTimeout(leave, waitMs);
      gone?.addEventListener('abort', leave, { once: true });
      this.waiting.push(turn);
    });
  }

  release(): void {
    this.active -= 1;
    const next = this.waiting.shift();
    if (next) next();
  }

  /** Runs `work` in a place, waiting for one as long as it takes. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    while (!(await this.acquire(FOREVER_MS)));
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}

/** Places per key (a user's uploads at once): `enter` takes one if the key has one free. */
export class KeyedSlots {
  private readonly used = new Map<number, number>();

  constructor(readonly perKey: number) {}

  enter(key: number): boolean {
    const n = this.used.get(key) ?? 0;
    if (n >= this.perKey) return false;
    this.used.set(key, n + 1);
    return true;
  }

  leave(key: number): void {
    const n = (this.used.get(key) ?? 1) - 1;
    if (n <= 0) this.used.delete(key);
    else this.used.set(key, n);
  }
}
