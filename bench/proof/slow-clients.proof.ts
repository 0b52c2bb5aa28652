/**
 * Proof suite "slow clients" (docs/reliability.md, issue 19.5): 500 uploads that send most of an
 * 8 MB body — 7.5 MB of a declared 8 MB — and then stop, without closing. Against a real server
 * with the default timeouts:
 *
 * - the server's resident memory (VmRSS, sampled every 200 ms) stays under 600 MB, because at
 *   most UPLOADS_RECEIVED_AT_ONCE uploads are read at once and the others wait with their bytes
 *   unread (lib/multipart.ts);
 * - other requests are answered meanwhile (health, a login, a list), each within 3 s;
 * - the stalled connections are closed by the server (HTTP_IDLE_TIMEOUT_S, 30 s), and a normal
 *   upload afterwards is stored (the places are free again).
 *
 * The uploads go to `POST /api/files` as the administrator: no per-user cap applies there, so
 * every one of them reaches the reading of its body, the case the bound is for.
 *
 * The control runs the same against the server as it was before issue 19.5 (CONTROL_COMMIT,
 * extracted into data/), which read every upload into memory and had no timeouts: the suite must
 * fail it. It stops the control as soon as its memory passes the goal.
 */
import fs from 'node:fs';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  ADMIN,
  freePort,
  freshDatabaseUrl,
  login,
  serverAt,
  sleep,
  startServer,
  stopServer,
  writeResults,
} from './lib.ts';

/** The last commit before the upload bound and the timeouts (the control's server). */
const CONTROL_COMMIT = '1a3d35b^';
const STALLED = 500;
const DECLARED = 8 * 1024 * 1024;
const SENT = 7.5 * 1024 * 1024;
const RSS_GOAL_MB = 600;
/** The server's idle timeout (HTTP_IDLE_TIMEOUT_S default) and how long past it we wait. */
const IDLE_S = 30;

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

/** One upload that sends its headers and SENT bytes of its body, then nothing. */
function stall(port: number, token: string, chunk: Buffer, closed: () => void): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.on('close', closed);
  // Answers (a 503 or 408 after the wait, if any) are read and dropped.
  socket.on('data', () => undefined);
  const boundary = 'bukti-macet';
  socket.write(
    [
      'POST /api/files HTTP/1.1',
      'host: 127.0.0.1',
      `authorization: Bearer ${token}`,
      `content-type: multipart/form-data; boundary=${boundary}`,
      `content-length: ${DECLARED}`,
      '',
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ].join('\r\n'),
  );
  socket.write(chunk);
  return socket;
}

async function timed(url: string, init?: RequestInit) {
  const start = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return { status: res.status, ms: Math.round(performance.now() - start) };
  } catch {
    return { status: 0, ms: Math.round(performance.now() - start) };
  }
}

async function run(mode: 'fixed' | 'control', main?: string) {
  const port = await freePort();
  const url = await freshDatabaseUrl('sqlite', `proof_slow_${mode}`);
  const server = await startServer({ DATABASE_URL: url }, port, main ? { main } : {});
  const pid = server.pid!;
  const base = `http://127.0.0.1:${port}`;
  const token = await login(base);
  const failures: string[] = [];
  const idleRss = rssMb(pid);

  // A real JPEG's first bytes, then filler: the upload looks like a photo being sent.
  const chunk = Buffer.alloc(SENT, 0x5a);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(chunk);
  let closedCount = 0;
  let maxRss = idleRss;
  const sampler = setInterval(() => {
    try {
      maxRss = Math.max(maxRss, rssMb(pid));
    } catch {
      /* the control was stopped */
    }
  }, 200);
  const sockets: net.Socket[] = [];
  const started = Date.now();
  for (let i = 0; i < STALLED; i++) {
    sockets.push(stall(port, token, chunk, () => (closedCount += 1)));
    if (i % 50 === 49) await sleep(100);
    if (mode === 'control' && maxRss > RSS_GOAL_MB) break;
  }
  // Let the bytes arrive; the control is stopped once it passes the goal.
  // (The control gets up to a minute: a busy machine sends the bytes more slowly.)
  const settle = mode === 'control' ? 300 : 50;
  for (let t = 0; t < settle && !(mode === 'control' && maxRss > RSS_GOAL_MB); t++)
    await sleep(200);

  // Other requests meanwhile.
  const others = {
    health: await timed(`${base}/api/health`),
    login: await timed(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }),
    letter_types: await timed(`${base}/api/letter-types`),
  };
  const rssDuringStall = Math.round(maxRss);
  if (maxRss >= RSS_GOAL_MB)
    failures.push(`RSS ${Math.round(maxRss)} MB with ${sockets.length} stalled uploads`);
  for (const [name, r] of Object.entries(others)) {
    if (r.status !== 200 || r.ms > 3000) failures.push(`${name}: ${r.status} in ${r.ms} ms`);
  }

  let closedByServer = 0;
  let afterUpload = 0;
  if (mode === 'fixed') {
    // The idle timeout closes every stalled connection.
    for (let t = 0; t < (IDLE_S + 35) * 5 && closedCount < sockets.length; t++) await sleep(200);
    closedByServer = closedCount;
    if (closedByServer < sockets.length)
      failures.push(
        `${sockets.length - closedByServer} stalled uploads still open after ${IDLE_S + 35} s`,
      );
    // And a normal upload is stored again.
    const { default: sharp } = await import('sharp');
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#4a7a5a' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
    const res = await fetch(`${base}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    afterUpload = res.status;
    if (res.status !== 201) failures.push(`an upload after the stall: ${res.status}`);
  }
  clearInterval(sampler);
  const seconds = Math.round((Date.now() - started) / 1000);
  for (const s of sockets) s.destroy();
  await stopServer(server);
  return {
    mode,
    stalled_uploads: sockets.length,
    sent_per_upload_mb: SENT / 1024 / 1024,
    rss_idle_mb: Math.round(idleRss),
    rss_max_mb: rssDuringStall,
    others_during_stall: others,
    closed_by_server: closedByServer,
    upload_after_stall: afterUpload,
    seconds,
    failures,
  };
}

const fixed = await run('fixed');
console.log('fixed:', JSON.stringify(fixed, null, 1));
const control = serverAt(CONTROL_COMMIT, `slow-clients-${randomBytes(3).toString('hex')}`);
const controlRun = await run('control', control.main);
fs.rmSync(control.dir, { recursive: true, force: true });
console.log('control:', JSON.stringify(controlRun, null, 1));

const failures = [...fixed.failures];
if (controlRun.failures.length === 0) failures.push('the control passed: the checks catch nothing');
writeResults('proof-slow-clients.json', {
  suite: 'slow-clients',
  date: new Date().toISOString(),
  command: 'npm run proof -- slow-clients',
  goal_rss_mb: RSS_GOAL_MB,
  fixed,
  control: controlRun,
});
console.log(
  `slow-clients: fixed ${fixed.failures.length === 0 ? 'passed' : `FAILED: ${fixed.failures.join('; ')}`}; ` +
    `control caught: ${controlRun.failures.join('; ') || 'nothing'}`,
);
process.exit(failures.length === 0 ? 0 : 1);
