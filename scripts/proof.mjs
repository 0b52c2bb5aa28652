// `npm run proof [-- name...]`: the proof suites of docs/reliability.md, each bench/proof/<name>.proof.ts
// in turn (or the ones named). Every suite is bounded in time (PROOF_TIMEOUT_S, default 900 s),
// sends traffic to 127.0.0.1 only, prints its figures and writes bench/results/proof-<name>.json.
// A suite runs in a process group of its own; one that runs out of time is ended with everything
// it started (servers, PostgreSQL clusters, backups): SIGTERM to the group, SIGKILL 10 s later.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

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
  const r = await runSuite(path.join('bench/proof', file));
  const seconds = Math.round((Date.now() - start) / 1000);
  const outcome = r.timedOut ? 'timed out' : r.status === 0 ? 'passed' : 'FAILED';
  summary.push(`${outcome.padEnd(9)} ${file} (${seconds} s)`);
}
console.log(`\nProof suites:\n${summary.map((s) => `  ${s}`).join('\n')}`);
process.exit(summary.some((s) => !s.startsWith('passed')) ? 1 : 0);

/** Runs one suite as the leader of a new process group; ends the whole group when it times out. */
function runSuite(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      stdio: 'inherit',
      detached: true,
    });
    let timedOut = false;
    // Interrupted (Ctrl-C, a CI's SIGTERM): the suite's group is not in the terminal's, end it too.
    const interrupted = (signal) => {
      killGroup('SIGKILL');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        /* the group is gone already */
      }
    };
    let hard;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(
        `\n${file}: waktu habis setelah ${timeoutMs / 1000} s, grup prosesnya dihentikan.`,
      );
      killGroup('SIGTERM');
      hard = setTimeout(() => killGroup('SIGKILL'), 10_000);
    }, timeoutMs);
    child.on('exit', (status) => {
      clearTimeout(timer);
      // What the suite left behind in its group (a server it started) goes with it.
      killGroup(timedOut ? 'SIGKILL' : 'SIGTERM');
      clearTimeout(hard);
      process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
      resolve({ status, timedOut });
    });
  });
}
