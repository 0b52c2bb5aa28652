// `npm run bench`: every bench/*.bench.ts in turn (or the ones named: npm run bench -- accounts).
// Each prints its figures and writes them to bench/results/<name>.json.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n▶ bench/${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
