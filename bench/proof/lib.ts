/**
 * Shared parts of the proof suites (scripts/proof.mjs): real server processes on 127.0.0.1, an
 * office filing letters as fast as it can, and the bookkeeping of what was acknowledged.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { letterTypeByCode } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { ROOT } from '../lib.ts';

export {
  freshDatabaseUrl,
  postgresReachable,
  PG_ADMIN_URL,
  ROOT,
  startServer,
  stopServer,
  writeResults,
} from '../lib.ts';

/** The administrator the bench server seeds (bench/lib.ts startServer). */
export const ADMIN = { email: 'admin@bench.desa.id', password: 'bench-admin-123' };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function login(base: string, email = ADMIN.email, password = ADMIN.password) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const kp = letterTypeByCode('kp')!;
export const LETTER_BASE = kp.base;

/** A request the office files for a resident who came to the counter (typed applicant). */
export function submission(n: number) {
  return {
    ...LETTER_EXAMPLES.kp,
    applicant: {
      name: `Pemohon Bukti ${n}`,
      nik: `3201${String(n).padStart(12, '0')}`.slice(0, 16),
      birth_place: 'Bogor',
      birth_date: '1980-01-01',
      gender: 'Laki-laki',
      religion: 'Islam',
      marital_status: 'Kawin',
      occupation: 'Petani',
      education: 'SMA/Sederajat',
      nationality: 'WNI',
      address: 'Kampung Babakan No. 8',
    },
  };
}

export interface Load {
  /** Ids answered 201, in the order acknowledged. */
  acknowledged: number[];
  /** Answers by status; 0 = no answer (connection refused or reset). */
  statuses: Map<number, number>;
  /** Bodies of answers other than 201 and 503, for the report. */
  unexpected: string[];
  stop(): Promise<void>;
}

/** `workers` loops filing letters until stop(); a 503 is waited out briefly and tried again. */
export function fileLetters(base: string, token: string, workers: number): Load {
  let running = true;
  let n = 0;
  const load: Load = {
    acknowledged: [],
    statuses: new Map(),
    unexpected: [],
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
  const count = (status: number) => load.statuses.set(status, (load.statuses.get(status) ?? 0) + 1);
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      try {
        const res = await fetch(`${base}${LETTER_BASE}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(submission(++n)),
        });
        count(res.status);
        const body = await res.text();
        if (res.status === 201)
          load.acknowledged.push((JSON.parse(body) as { data: { id: number } }).data.id);
        else {
          if (res.status !== 503 && load.unexpected.length < 20)
            load.unexpected.push(`${res.status} ${body}`);
          await sleep(50);
        }
      } catch {
        count(0);
        await sleep(50);
      }
    }
  });
  return load;
}

/** The ids of `ids` a server answers 404 for (GET of each request as the administrator). */
export async function missingOn(base: string, token: string, ids: number[]): Promise<number[]> {
  const missing: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const res = await fetch(`${base}${LETTER_BASE}/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        if (res.status === 404) missing.push(id);
        else if (res.status !== 200) throw new Error(`GET ${id}: ${res.status}`);
      }
    }),
  );
  return missing.sort((a, b) => a - b);
}

/** Runs a command of the repository (e.g. `npm run backup`) as its own process. */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; ms: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out: out.trim(), ms: performance.now() - start }));
  });
}

export const statusObject = (m: Map<number, number>) =>
  Object.fromEntries([...m].sort(([a], [b]) => a - b).map(([k, v]) => [String(k), v]));

/**
 * The server as it was at `commit` (e.g. the one before a fix), extracted into data/ (ignored by
 * git) for a control run; the path of its main.ts, relative to the repository, for startServer's
 * `main`. Remove `dir` when done.
 */
export function serverAt(commit: string, name: string): { main: string; dir: string } {
  const dir = path.join(ROOT, 'data', `proof-control-${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', commit, 'apps/server'], {
    cwd: ROOT,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  return { main: path.relative(ROOT, path.join(dir, 'apps/server/src/main.ts')), dir };
}
