// The letters bench's scale and accounts (BENCH_* variables: see letters.bench.ts), and the
// helpers its parts share.

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
export const RESIDENTS = Number(process.env.BENCH_RESIDENTS ?? 100_000);
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const ISSUED = Number(process.env.BENCH_ISSUED ?? 200);
/** Bursts sent before the measured ones (not counted; their errors are). */
export const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 20);
// Not a loopback address: letters are issued here, and a loopback QR address would be refused
// unless the settings allow it (issue 25.1).
export const PUBLIC_URL = 'https://sukamaju.desa.id';
export const PASSWORD = 'bench-warga-123';
export const ADMIN = { email: 'admin@bench.desa.id', password: 'bench-admin-123' };
/** The office's administrators at their desks: the admin lists' concurrency. */
export const ADMIN_CONNECTIONS = 4;

/** Nearest-rank percentile of sorted samples: the smallest value with p % of samples at or below it. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))]!;
export const round = (n: number) => Math.round(n * 100) / 100;

/** A session token for the account. */
export async function token(
  base: string,
  email: string,
  password: string,
  retry = true,
): Promise<string> {
  try {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  } catch (err) {
    // A kept-alive socket the server closed after its idle timeout, while the long list
    // runs went on: try once more on a fresh one.
    if (!retry) throw err;
    return token(base, email, password, false);
  }
}
