/**
 * A PostgreSQL cluster of the proof suite's own, on its own port and directory, which the suite
 * may kill at will — never the shared server. Made with initdb/pg_ctl from PG_BIN (default
 * /usr/lib/postgresql/15/bin); as root they run as the `postgres` user, as PostgreSQL requires.
 * Every process is ended by the id it wrote (postmaster.pid) or by being a child of that id.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './lib.ts';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

function pgCommand(tool: string, args: string[]): string {
  const [cmd, full] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]]
    : [path.join(BIN, tool), args];
  return execFileSync(cmd, full, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Whether `pid` runs; a zombie (killed, not yet reaped: a container's init may never) does not. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export interface PrivateCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:PORT/<database> */
  url(database: string): string;
  /** Starts the cluster (crash recovery included) and waits until it accepts connections. */
  start(settings?: Record<string, string>): void;
  /** SIGKILL to the postmaster and every process it started: the cluster crashes. */
  crash(): number[];
  /** SIGKILL to the postmaster alone: its backends notice and end; a crash to recover from. */
  killPostmaster(): number;
  /**
   * SIGSTOP to the postmaster and every process it started: connections stay open and nothing
   * answers, new ones are not accepted (a frozen host, a stalled disk). Returns the pids.
   */
  freeze(): number[];
  /** SIGCONT to the processes {@link freeze} stopped. */
  thaw(): void;
  /** `pg_ctl stop -m fast|immediate` (immediate: no shutdown checkpoint, recovery at start). */
  stopWith(mode: 'fast' | 'immediate'): void;
  stop(): void;
  remove(): void;
}

export function createCluster(port: number): PrivateCluster {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-proof-pg-'));
  const data = path.join(dir, 'data');
  fs.mkdirSync(data);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  fs.chmodSync(dir, 0o755);
  pgCommand('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-instructions',
  ]);
  const postmasterPid = (): number | null => {
    try {
      return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  };
  let running = false;
  let frozen: number[] = [];
  const processes = (): number[] => {
    const pid = postmasterPid();
    if (!pid || !alive(pid)) throw new Error('private cluster is not running');
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], {
      encoding: 'utf8',
    })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);
    return [pid, ...children];
  };
  const signal = (pids: number[], sig: NodeJS.Signals) => {
    for (const p of pids) {
      try {
        process.kill(p, sig);
      } catch {
        /* already gone */
      }
    }
  };
  const waitGone = (pids: number[]) => {
    for (let i = 0; i < 200 && pids.some(alive); i++) execFileSync('sleep', ['0.05']);
  };
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start(settings = {}) {
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        `-c listen_addresses=127.0.0.1`,
        ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`),
      ].join(' ');
      const log = path.join(dir, 'log');
      // Right after a kill the old processes may still be ending (their shared memory, the
      // port): a refused start is tried again, and the log's end reported if it never starts.
      for (let attempt = 1; ; attempt++) {
        try {
          pgCommand('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '120', '-o', options, 'start']);
          break;
        } catch (err) {
          const tail = fs.readFileSync(log, 'utf8').trim().split('\n').slice(-3).join(' | ');
          if (attempt >= 5)
            throw new Error(`private cluster did not start: ${tail}`, { cause: err });
          console.error(`  private cluster: start ${attempt} refused (${tail}); trying again`);
          execFileSync('sleep', ['1']);
        }
      }
      running = true;
    },
    crash() {
      const killed = processes();
      signal(killed, 'SIGKILL');
      waitGone(killed);
      running = false;
      return killed;
    },
    killPostmaster() {
      const [pid, ...children] = processes();
      signal([pid!], 'SIGKILL');
      // The backends notice their postmaster is gone and end (the next start recovers).
      waitGone([pid!, ...children]);
      signal(children.filter(alive), 'SIGKILL');
      running = false;
      return pid!;
    },
    freeze() {
      frozen = processes();
      signal(frozen, 'SIGSTOP');
      return frozen;
    },
    thaw() {
      signal(frozen, 'SIGCONT');
      frozen = [];
    },
    stopWith(mode) {
      pgCommand('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    stop() {
      if (frozen.length > 0) this.thaw();
      if (!running && !postmasterPid()) return;
      try {
        pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* not running */
      }
      running = false;
    },
    remove() {
      this.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` is true, up to `limitMs`; returns the time taken, or null. */
export async function waitFor(
  check: () => Promise<boolean>,
  limitMs: number,
): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if (await check()) return Date.now() - start;
    await sleep(50);
  }
  return null;
}
