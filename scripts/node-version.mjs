// The Node version Balai needs is the one package.json's `engines.node` names (">=20.11":
// `import.meta.dirname`, `--import tsx`). `npm start` and `npm run dev` import this first, so an
// older Node stops with one clear sentence instead of a TypeError deep in a module.
import fs from 'node:fs';

/** The least version a `>=X.Y[.Z]` range allows, as numbers; undefined for other ranges. */
export function leastVersion(range) {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : undefined;
}

/** The message for a Node older than the range allows, or undefined when it is new enough. */
export function nodeVersionProblem(current, range) {
  const least = leastVersion(range);
  if (!least) return undefined;
  const have = current
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > least[i]) return undefined;
    if ((have[i] ?? 0) < least[i]) {
      return (
        `Balai membutuhkan Node.js ${least.join('.')} atau lebih baru (package.json: "node": "${range}"), ` +
        `tetapi yang berjalan Node.js ${current.replace(/^v/, '')}. Pasang Node.js 20 LTS atau lebih baru, lalu jalankan lagi.`
      );
    }
  }
  return undefined;
}

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const problem = nodeVersionProblem(process.versions.node, pkg.engines?.node ?? '');
if (problem) {
  console.error(problem);
  process.exit(1);
}
