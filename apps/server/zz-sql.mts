import SQLite from 'better-sqlite3';
import { buildApp } from './src/app.ts';
import { loadConfig } from './src/config.ts';
import { openDb } from './src/db/database.ts';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
const probe = new SQLite(':memory:');
const proto = Object.getPrototypeOf(probe.prepare('select 1'));
const stats = new Map<string, [number, number]>();
for (const m of ['run', 'all', 'get']) {
  const orig = proto[m];
  proto[m] = function (...args: unknown[]) { const t0 = performance.now(); try { return orig.apply(this, args); } finally { const k = (this.source as string).slice(0, 90); const s = stats.get(k) ?? [0, 0]; s[0]++; s[1] += performance.now() - t0; stats.set(k, s); } };
}
const url = `file:${process.argv[2]}/balai.sqlite`;
const db = openDb(url);
const app = await buildApp({ config: loadConfig({ DATABASE_URL: url, RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'silent' }), db, logger: false });
await app.ready();
const tokens: string[] = [];
for (let i = 0; i < 50; i++) tokens.push((await app.inject({ method: 'POST', url: '/api/login', payload: { email: `warga${i * 7}@bench.desa.id`, password: 'bench-warga-123' } })).json().data.token);
stats.clear();
const body = LETTER_EXAMPLES.kp;
let n = 0;
const lat: number[] = [];
const end = Date.now() + 4000;
const t0 = performance.now();
await Promise.all(tokens.map(async (t) => { while (Date.now() < end) { const a = performance.now(); const r = await app.inject({ method: 'POST', url: '/api/incomes-statement', headers: { authorization: `Bearer ${t}` }, payload: body }); if (r.statusCode !== 201) throw new Error(r.body); n++; lat.push(performance.now() - a); } }));
const wall = performance.now() - t0;
lat.sort((a, b) => a - b);
console.log('requests', n, 'per req ms', (wall / n).toFixed(3), 'p50', lat[Math.floor(n / 2)].toFixed(0), 'p99', lat[Math.floor(n * 0.99)].toFixed(0));
let sqlTotal = 0;
for (const [k, [c, ms]] of [...stats].sort((a, b) => b[1][1] - a[1][1])) { sqlTotal += ms; console.log((ms / n).toFixed(3).padStart(7), 'ms/req', String(c).padStart(6), k); }
console.log('sql total per req', (sqlTotal / n).toFixed(3));
await app.close(); await db.close();
