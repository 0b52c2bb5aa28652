// What the home page's first load is made of: builds the web app with source maps into a
// temporary folder and attributes every byte of the JavaScript index.html loads (its module
// script and modulepreloads) to the package it came from; then the CSS and the HTML.
//
//   node scripts/web-bundle-report.mjs          # table
//   node scripts/web-bundle-report.mjs --files  # and the 40 largest source files
//
// "gzip" is each package's share of its chunk's gzip -9 size, in proportion to its raw bytes
// (gzip works on the whole chunk, so a package's exact compressed size does not exist); the
// total is exact. The server's HTML for "/" also carries the home page's data preloads, so
// `npm run bench -- web` counts a few hundred bytes more HTML than this.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-web-report-'));
const build = spawnSync(
  'npx',
  ['vite', 'build', '--sourcemap', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
  { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
);
if (build.status !== 0) process.exit(1);

const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kib = (bytes) => (bytes / 1024).toFixed(1);

// Source map "mappings" (base64 VLQ): per generated line, segments of
// [column, source, original line, original column, name?], each relative to the previous one.
const B64 = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);
function decodeMappings(mappings) {
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const text of line.split(',')) {
      if (!text) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of text) {
        const digit = B64[char];
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length >= 4) {
        source += values[1];
        segments.push([column, source]);
      } else {
        segments.push([column, -1]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

function packageOf(source) {
  const s = source.replace(/\\/g, '/');
  const i = s.lastIndexOf('node_modules/');
  if (i >= 0) {
    const parts = s.slice(i + 'node_modules/'.length).split('/');
    const scoped = parts[0].startsWith('@');
    return {
      pkg: scoped ? `${parts[0]}/${parts[1]}` : parts[0],
      file: parts.slice(scoped ? 2 : 1).join('/'),
    };
  }
  const own = s.match(/(apps\/web\/src\/.*|packages\/[^/]+\/.*)$/);
  return { pkg: 'app (apps/web/src)', file: own ? own[1] : s };
}

const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const styles = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]);

const byPackage = new Map();
const byFile = new Map();
let jsGzip = 0;
for (const file of scripts) {
  const code = fs
    .readFileSync(path.join(out, file), 'utf8')
    .replace(/\n\/\/# sourceMappingURL=.*$/, '');
  // The bundler's own runtime chunk (CommonJS interop helpers) comes without a source map.
  const mapFile = path.join(out, `${file}.map`);
  const map = fs.existsSync(mapFile)
    ? JSON.parse(fs.readFileSync(mapFile, 'utf8'))
    : { mappings: '', sources: [] };
  const chunkGzip = gzip(Buffer.from(code));
  jsGzip += chunkGzip;
  const rawTotal = Buffer.byteLength(code);
  const add = (pkg, file, bytes) => {
    const entry = byPackage.get(pkg) ?? { raw: 0, gzip: 0 };
    entry.raw += bytes;
    entry.gzip += (bytes / rawTotal) * chunkGzip;
    byPackage.set(pkg, entry);
    if (file) byFile.set(`${pkg}: ${file}`, (byFile.get(`${pkg}: ${file}`) ?? 0) + bytes);
  };
  const codeLines = code.split('\n');
  decodeMappings(map.mappings).forEach((segments, lineIndex) => {
    const line = codeLines[lineIndex] ?? '';
    let covered = 0;
    segments.forEach(([column, source], k) => {
      const end = k + 1 < segments.length ? segments[k + 1][0] : line.length;
      const bytes = Buffer.byteLength(line.slice(column, end));
      covered += bytes;
      if (source < 0) add('(bundler glue)', null, bytes);
      else {
        const { pkg, file } = packageOf(map.sources[source]);
        add(pkg, file, bytes);
      }
    });
    add('(bundler glue)', null, Buffer.byteLength(line) + 1 - covered);
  });
}

const rows = [...byPackage].sort((a, b) => b[1].raw - a[1].raw);
console.log(`\nJavaScript of the first load (${scripts.join(', ')}):\n`);
console.log(`${'package'.padEnd(28)} ${'raw'.padStart(9)} ${'gzip KiB'.padStart(9)}`);
for (const [pkg, { raw, gzip: g }] of rows) {
  console.log(`${pkg.padEnd(28)} ${String(raw).padStart(9)} ${kib(g).padStart(9)}`);
}
const cssGzip = styles.reduce((sum, f) => sum + gzip(fs.readFileSync(path.join(out, f))), 0);
const htmlGzip = gzip(Buffer.from(html));
console.log(`${'JavaScript, total'.padEnd(28)} ${''.padStart(9)} ${kib(jsGzip).padStart(9)}`);
console.log(`${'CSS'.padEnd(28)} ${''.padStart(9)} ${kib(cssGzip).padStart(9)}`);
console.log(`${'index.html (as built)'.padEnd(28)} ${''.padStart(9)} ${kib(htmlGzip).padStart(9)}`);
console.log(
  `${'first load'.padEnd(28)} ${''.padStart(9)} ${kib(jsGzip + cssGzip + htmlGzip).padStart(9)}`,
);

if (process.argv.includes('--files')) {
  console.log('\nLargest source files (raw bytes in the bundle):\n');
  for (const [name, bytes] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${String(bytes).padStart(8)}  ${name}`);
  }
}
fs.rmSync(out, { recursive: true, force: true });
