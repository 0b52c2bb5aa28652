// `npm run proof [-- name...]`: the proof suites of docs/reliability.md, each bench/proof/<name>.proof.ts
// in turn (or the ones named). Every suite is bounded in time (PROOF_TIMEOUT_S, default 900 s),
// sends traffic to 127.0.0.1 only, prints its figures and writes bench/results/proof-<name>.json.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'bench/proof');
const only = process.argv.slice(2);
const timeoutMs = Number(process.env.PROOF_TIMEOUT_S ?? 900) * 1000;
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.proof.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f === `${o}.proof.ts`))
  .sort();
if (files.length === 0) {
  console.error(`Tidak ada suite bukti bernama ${only.join(', ')} di bench/proof.`);
  process.exit(1);
}
const summary = [];
for (const file of files) {
  console.log(`\n▶ bench/proof/${file}`);
  const start = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench/proof', file)], {
    cwd: root,
    stdio: 'inherit',
    timeout: timeoutMs,
    killSignal: 'SIGTERM',
  });
  const seconds = Math.round((Date.now() - start) / 1000);
  const outcome =
    r.error?.code === 'ETIMEDOUT' ? 'timed out' : r.status === 0 ? 'passed' : 'FAILED';
  summary.push(`${outcome.padEnd(9)} ${file} (${seconds} s)`);
}
console.log(`\nProof suites:\n${summary.map((s) => `  ${s}`).join('\n')}`);
process.exit(summary.some((s) => !s.startsWith('passed')) ? 1 : 0);
