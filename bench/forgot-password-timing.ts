/**
 * Does forgot-password tell a registered address from an unknown one by its time (issue 14.5)?
 * Starts the real server (SQLite, its own process), then sends N requests for the registered
 * administrator's address and N for unknown addresses, alternating, one at a time over HTTP, and
 * prints the distribution of each and how often a single request guesses right by the threshold
 * that best splits the two sets.
 *
 *   npx tsx bench/forgot-password-timing.ts [N=200]
 *
 * Each request comes from its own X-Forwarded-For address (TRUST_PROXY=1), so the per-address
 * limit of the route does not turn the measurement into 429s.
 */
import { freshDatabaseUrl, startServer } from './lib.ts';

const N = Number(process.argv[2] ?? 200);
const PORT = 3990;
const KNOWN = 'admin@bench.desa.id';

const server = await startServer(
  { DATABASE_URL: await freshDatabaseUrl('sqlite', 'forgot'), TRUST_PROXY: '1' },
  PORT,
);

async function ask(email: string, i: number): Promise<number> {
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/forgot-password`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    },
    body: JSON.stringify({ email }),
  });
  await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`status ${res.status}`);
  return ms;
}

try {
  // Warm up both paths (JIT, prepared statements).
  for (let i = 0; i < 20; i++) {
    await ask(KNOWN, 100_000 + 2 * i);
    await ask(`pemanasan.${i}@contoh.id`, 100_001 + 2 * i);
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < N; i++) {
    known.push(await ask(KNOWN, 2 * i));
    unknown.push(await ask(`tidak.ada.${i}@contoh.id`, 2 * i + 1));
  }
  // The control: two sets of unknown addresses, measured the same way. The best threshold
  // always fits a little noise; this is how well it "guesses" when there is nothing to find.
  const controlA: number[] = [];
  const controlB: number[] = [];
  for (let i = 0; i < N; i++) {
    controlA.push(await ask(`kontrol.a.${i}@contoh.id`, 50_000 + 2 * i));
    controlB.push(await ask(`kontrol.b.${i}@contoh.id`, 50_001 + 2 * i));
  }
  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  };
  const describe = (xs: number[]) =>
    `p10 ${q(xs, 0.1).toFixed(2)}  median ${q(xs, 0.5).toFixed(2)}  p90 ${q(xs, 0.9).toFixed(2)}  p99 ${q(xs, 0.99).toFixed(2)} ms`;
  /** The best single-threshold guess "slower than t means the first set" (or the reverse). */
  const bestGuess = (a: number[], b: number[]) => {
    let best = 0.5;
    for (const t of [...a, ...b]) {
      const hits = a.filter((x) => x > t).length + b.filter((x) => x <= t).length;
      const accuracy = hits / (a.length + b.length);
      best = Math.max(best, accuracy, 1 - accuracy);
    }
    return best;
  };
  console.log(`forgot-password, ${N} requests each, sequential, HTTP on 127.0.0.1`);
  console.log(`registered: ${describe(known)}`);
  console.log(`unknown:    ${describe(unknown)}`);
  console.log(
    `best single-request guess by time: ${(bestGuess(known, unknown) * 100).toFixed(1)} % right` +
      ` (control, unknown against unknown: ${(bestGuess(controlA, controlB) * 100).toFixed(1)} %)`,
  );
} finally {
  server.kill();
}
