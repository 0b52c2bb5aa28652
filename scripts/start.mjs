// `npm start`: build the web app when its sources changed since the last build, then run the
// server (which migrates and, on an empty database, seeds). Unchanged sources start in seconds.
import './node-version.mjs';
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.build-stamp');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'package-lock.json',
];

function hashInputs() {
  const h = createHash('sha256');
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) visit(path.join(p, name));
    } else {
      h.update(path.relative(root, p));
      h.update(fs.readFileSync(p));
    }
  };
  for (const i of inputs) visit(path.join(root, i));
  return h.digest('hex');
}

if (!fs.existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependensi belum terpasang. Jalankan dulu: npm install');
  process.exit(1);
}

const stamp = hashInputs();
// The server's render of the public pages (apps/web/dist-ssr, ADR 0025) is part of the build.
const ssrEntry = path.join(root, 'apps/web/dist-ssr/entry-server.js');
const built =
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, 'utf8') === stamp &&
  fs.existsSync(ssrEntry);
if (built) {
  console.log('Aplikasi web sudah dibangun dan tidak berubah; lewati build.');
} else {
  console.log('Membangun aplikasi web…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stampFile, stamp);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
