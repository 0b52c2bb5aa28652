/**
 * Proof suite "Fuzz" (docs/reliability.md): fuzz-openapi.ts against a real server process on
 * the demo village (residents, content with images, letters in every state), on SQLite and on
 * PostgreSQL (when reachable). Every operation of the served OpenAPI document, as anonymous,
 * resident and administrator, PROOF_FUZZ_RUNS requests each (default 30; the server tests run
 * 2): never a 5xx, every 4xx with a message, and after every refusal every table as before
 * (read straight from the database). One request at a time, to 127.0.0.1 only, bounded by
 * PROOF_FUZZ_SECONDS per database.
 */
import { randomBytes } from 'node:crypto';
import { openDb } from '../../apps/server/src/db/database.ts';
import { insertUser } from '../../apps/server/src/repositories/users.ts';
import { hashPassword } from '../../apps/server/src/services/passwords.ts';
import { fuzz, type FuzzReport } from './fuzz-openapi.ts';
import {
  ADMIN,
  freePort,
  freshDatabaseUrl,
  postgresReachable,
  startServer,
  stopServer,
  writeResults,
} from './lib.ts';

const RUNS = Number(process.env.PROOF_FUZZ_RUNS ?? 30);
const SECONDS = Number(process.env.PROOF_FUZZ_SECONDS ?? 420);
const SEED = Number(process.env.PROOF_FUZZ_SEED ?? Date.now() % 1_000_000_000);
const DEMO = { email: 'siti.rahmawati@sukamaju.desa.id', password: 'bukti-warga-123' };
const PASSWORD = 'bukti-fuzz-123';

async function run(kind: 'sqlite' | 'postgres', seed: number): Promise<FuzzReport> {
  const url = await freshDatabaseUrl(kind, 'proof_fuzz');
  const port = await freePort();
  const server = await startServer(
    {
      DATABASE_URL: url,
      SEED_DEMO: '1',
      BALAI_DEMO_PASSWORD: DEMO.password,
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    },
    port,
  );
  const base = `http://127.0.0.1:${port}`;
  const db = openDb(url, { backgroundCheckpoint: false, poolSize: 2 });
  const hash = await hashPassword(PASSWORD);
  const signIn = async (role: 'resident' | 'administrator'): Promise<string> => {
    const want = role === 'administrator' ? 'ADMINISTRATOR' : 'WARGA';
    const tryLogin = async (email: string, password: string) => {
      const res = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { data?: { token: string; user: { role: string } } };
      return res.status === 200 && body.data?.user.role === want ? body.data.token : null;
    };
    const first = role === 'administrator' ? ADMIN : DEMO;
    const token = await tryLogin(first.email, first.password);
    if (token) return token;
    // The fuzzing made the account unusable (deactivated, demoted, deleted): a new one.
    const email = `fuzz.${randomBytes(4).toString('hex')}@bukti.desa.id`;
    await insertUser(db.kysely, {
      name: `Akun Fuzz ${role}`,
      email,
      password_hash: hash,
      role: want,
      ...(role === 'resident'
        ? {
            nik: `3201${String(Date.now()).slice(-12)}`,
            birth_place: 'Bogor',
            birth_date: '1990-01-01',
            gender: 'Perempuan',
            occupation: 'Petani',
            address: 'Kampung Babakan',
          }
        : {}),
    });
    const again = await tryLogin(email, PASSWORD);
    if (!again) throw new Error(`sign-in of a new ${role} failed`);
    return again;
  };
  try {
    return await fuzz({
      db: db.kysely,
      signIn,
      runsPerOperation: RUNS,
      seed,
      deadlineMs: SECONDS * 1000,
      log: (line) => process.stdout.write(`\r${kind}: ${line.padEnd(90)}`),
      send: async (r) => {
        const res = await fetch(`${base}${r.url}`, {
          method: r.method,
          headers: r.headers,
          // fetch sends no body with GET (the server tests' inject does).
          ...(r.body !== undefined && r.method !== 'GET' ? { body: r.body } : {}),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: res.status, body: await res.text() };
      },
    });
  } finally {
    process.stdout.write('\n');
    await db.close();
    await stopServer(server);
  }
}

const results: Record<string, FuzzReport> = {};
results.sqlite = await run('sqlite', SEED);
if (await postgresReachable()) results.postgres = await run('postgres', SEED + 1);
else console.warn('PostgreSQL tidak dapat dihubungi: bagian PostgreSQL dilewati.');

for (const [kind, r] of Object.entries(results)) {
  console.log(
    `${kind}: ${r.operations} operations × 3 roles × ${r.runsPerOperation} runs, ${r.requests} requests in ${Math.round(r.ms / 1000)} s${r.timedOut ? ' (stopped at the time limit)' : ''}; ${r.refusalsChecked} refusals checked; statuses ${JSON.stringify(r.statuses)}; failures ${r.failures.length}`,
  );
  for (const f of r.failures.slice(0, 10))
    console.log(
      `  ${f.operation} as ${f.role} (${f.kind}): ${f.problem}\n    ${f.request.method} ${f.request.url} ${f.request.body ?? ''}\n    → ${f.response}`,
    );
}
writeResults('proof-fuzz.json', {
  suite: 'fuzz',
  date: new Date().toISOString(),
  command: 'npm run proof -- fuzz',
  runs_per_operation: RUNS,
  seed: SEED,
  results: Object.fromEntries(
    Object.entries(results).map(([k, r]) => [
      k,
      { ...r, failures: r.failures.slice(0, 50), failures_total: r.failures.length },
    ]),
  ),
});
process.exit(Object.values(results).some((r) => r.failures.length > 0) ? 1 : 0);
