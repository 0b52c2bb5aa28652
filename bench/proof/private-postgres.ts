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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
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
      pgCommand('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-t',
        '120',
        '-o',
        options,
        'start',
      ]);
      running = true;
    },
    crash() {
      const pid = postmasterPid();
      if (!pid || !alive(pid)) throw new Error('private cluster is not running');
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], {
        encoding: 'utf8',
      })
        .split('\n')
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0);
      const killed = [pid, ...children];
      for (const p of killed) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      for (let i = 0; i < 100 && killed.some(alive); i++) execFileSync('sleep', ['0.05']);
      running = false;
      return killed;
    },
    stop() {
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
