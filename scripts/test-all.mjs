// `npm test`: the whole suite in two lanes that run side by side, so CI stays under 20 minutes
// on a two-core machine (each lane's steps mostly wait on one core: vitest runs one file at a
// time there, the browser suite one test at a time).
// The web app is built first (the server's page-rendering tests and the browser tests use it),
// then:
//   lane "server": the server suite on SQLite, then on PostgreSQL (scripts/test-server.mjs)
//   lane "web":    the domain package, the web app's component tests, the browser tests
// Every line is prefixed with its lane. The run fails when any step fails; a failed step ends
// its own lane, the other lane runs to its end so one run shows every failure.
// TEST_LANES=1 runs the same steps one after the other, as before.
// The summary at the end repeats, for each failed step, the lines that name its failures (the
// end of a long log is often all a CI page keeps, and there the other lane's output came last).
import { spawn } from 'node:child_process';

const lanes = {
  server: [['npm', ['run', 'test:server']]],
  web: [
    ['npm', ['run', 'test:domain']],
    ['npm', ['run', 'test:web']],
    ['npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
  ],
};

const serial = process.env.TEST_LANES === '1';
const width = Math.max(...[...Object.keys(lanes), 'build'].map((n) => n.length));

/** A failing test's lines in vitest's and Playwright's output. */
const FAILURE_LINE =
  /(\bFAIL\b|×|✘|✗|AssertionError|^\s*(?:\[\w+ *\] )?\s*Error:|[-+] Expected|[-+] Received|\d+ failed)/;
const MAX_FAILURE_LINES = 60;

function runStep(lane, [cmd, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const failures = [];
    const note = (line) => {
      if (failures.length < MAX_FAILURE_LINES && FAILURE_LINE.test(line)) failures.push(line);
    };
    const child = spawn(cmd, args, {
      stdio: serial ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    });
    if (!serial) {
      const prefix = `[${lane.padEnd(width)}] `;
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) {
            note(line);
            process.stdout.write(prefix + line + '\n');
          }
        });
        stream.on('end', () => {
          if (!rest) return;
          note(rest);
          process.stdout.write(prefix + rest + '\n');
        });
      }
    }
    child.on('close', (code) =>
      resolve({
        lane,
        step: `${cmd} ${args.join(' ')}`,
        code: code ?? 1,
        seconds: (Date.now() - started) / 1000,
        failures,
      }),
    );
  });
}

async function runLane(name) {
  const results = [];
  for (const step of lanes[name]) {
    const result = await runStep(name, step);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

const began = Date.now();
const results = [await runStep('build', ['npm', ['run', 'build']])];
if (results[0].code !== 0) {
  console.error('The build failed: nothing to test against.');
} else if (serial) {
  for (const name of Object.keys(lanes)) {
    const r = await runLane(name);
    results.push(...r);
    if (r.some((x) => x.code !== 0)) break;
  }
} else {
  results.push(...(await Promise.all(Object.keys(lanes).map(runLane))).flat());
}

console.log('\nSummary:');
for (const r of results) {
  console.log(
    `  ${r.code === 0 ? 'ok  ' : 'FAIL'} [${r.lane}] ${r.step} (${r.seconds.toFixed(0)} s)`,
  );
}
console.log(`  total ${((Date.now() - began) / 1000).toFixed(0)} s`);
for (const r of results.filter((x) => x.code !== 0 && x.failures?.length)) {
  console.log(`\nWhat failed in [${r.lane}] ${r.step}:`);
  for (const line of r.failures) console.log(`  ${line.trim()}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
