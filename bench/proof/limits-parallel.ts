/**
 * The parts of the proof suite "limits" (limits.proof.ts) for issue 18.4 and 18.5: lock-outs
 * under parallel attempts — no more passwords or PINs are checked than the limit, counted by
 * the answers that checked one (401 for a login, 422 for a PIN) — and one resident's 16 parallel
 * photo uploads against a stranger's login time.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { letterTypeByCode } from '@balai/domain';

export interface Answer {
  status: number;
  json: { message?: string; data?: Record<string, unknown> };
  retryAfter: string | undefined;
}

/** A request from loopback address `from` (the server sees a peer of its own) to the server. */
export function caller(port: number) {
  return (
    from: string,
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    raw?: { payload: Buffer; contentType: string },
  ) =>
    new Promise<Answer & { ms: number }>((resolve, reject) => {
      const start = performance.now();
      // An upload may be answered before its body is read (a 429): with keep-alive the server
      // reads the rest and discards it, as it does for a browser, instead of closing on the sender.
      const agent = raw ? new http.Agent({ keepAlive: true }) : false;
      const payload = raw?.payload ?? (body === undefined ? undefined : JSON.stringify(body));
      const contentType = raw?.contentType ?? 'application/json';
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          localAddress: from,
          agent,
          headers: {
            ...(payload ? { 'content-type': contentType } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            if (agent) agent.destroy();
            let json: Answer['json'] = {};
            try {
              json = text ? (JSON.parse(text) as Answer['json']) : {};
            } catch {
              json = { message: text.slice(0, 200) };
            }
            resolve({
              status: res.statusCode ?? 0,
              json,
              retryAfter: res.headers['retry-after'] as string | undefined,
              ms: performance.now() - start,
            });
          });
        },
      );
      // A refused upload may be closed on the sender before its body is out: no answer (0).
      req.on('error', (err) =>
        raw
          ? resolve({
              status: 0,
              json: { message: err.message },
              retryAfter: undefined,
              ms: performance.now() - start,
            })
          : reject(err),
      );
      if (payload) req.write(payload);
      req.end();
    });
}

type Call = ReturnType<typeof caller>;
type Check = (ok: boolean, what: string) => void;

const tally = (answers: { status: number }[]) => {
  const t: Record<string, number> = {};
  for (const a of answers) t[a.status] = (t[a.status] ?? 0) + 1;
  return t;
};

/** Sends `n` requests at once; their answers counted by status. */
async function burst(n: number, make: (i: number) => Promise<Answer>) {
  return tally(await Promise.all(Array.from({ length: n }, (_, i) => make(i))));
}

/**
 * Issue 18.5: 30 parallel passwords for one account from one address (limit 5), 60 from 60
 * addresses (limit 10 per account), 30 accounts from one address (limit 20 per address; 30 is
 * the login rate limit per address and minute), and 200 parallel PINs (limit 10).
 */
export async function parallelLockouts(opts: {
  call: Call;
  newAddress: () => string;
  home: string;
  adminToken: string;
  check: Check;
  figures: Record<string, unknown>;
}) {
  const { call, newAddress, home, adminToken, check } = opts;
  const tag = randomBytes(3).toString('hex');
  const makeUser = async (name: string, extra: Record<string, unknown> = {}) => {
    const user = { email: `${name}.${tag}@bukti.desa.id`, password: `Ladang-${tag}-Subur` };
    const res = await call(
      home,
      'POST',
      '/api/users/create',
      { name: `Akun ${name}`, ...user, role: 'WARGA', ...extra },
      adminToken,
    );
    if (res.status !== 201) throw new Error(`user ${name}: ${res.status} ${res.json.message}`);
    return { ...user, id: (res.json.data as { id: number }).id };
  };
  const figures: Record<string, unknown> = {};

  const pairTarget = await makeUser('pasangan');
  const pairFrom = newAddress();
  const pair = await burst(30, (i) =>
    call(pairFrom, 'POST', '/api/login', { email: pairTarget.email, password: `tebak-${i}` }),
  );
  figures.per_account_and_address = { parallel: 30, limit: 5, answers: pair };
  check(
    (pair[401] ?? 0) <= 5 && (pair[401] ?? 0) + (pair[429] ?? 0) === 30,
    `30 parallel passwords, one account from one address: ${pair[401] ?? 0} checked (limit 5), ${pair[429] ?? 0} refused`,
  );

  const accountTarget = await makeUser('akun');
  const account = await burst(60, (i) =>
    call(newAddress(), 'POST', '/api/login', {
      email: accountTarget.email,
      password: `tebak-${i}`,
    }),
  );
  figures.per_account = { parallel: 60, addresses: 60, limit: 10, answers: account };
  check(
    (account[401] ?? 0) <= 10 && (account[401] ?? 0) + (account[429] ?? 0) === 60,
    `60 parallel passwords, one account from 60 addresses: ${account[401] ?? 0} checked (limit 10), ${account[429] ?? 0} refused`,
  );

  const addressFrom = newAddress();
  const address = await burst(30, (i) =>
    call(addressFrom, 'POST', '/api/login', {
      email: `tidak-ada-${i}.${tag}@bukti.desa.id`,
      password: 'tebak-saja',
    }),
  );
  figures.per_address = { parallel: 30, accounts: 30, limit: 20, answers: address };
  check(
    (address[401] ?? 0) <= 20 && (address[401] ?? 0) + (address[429] ?? 0) === 30,
    `30 parallel logins to 30 accounts from one address: ${address[401] ?? 0} checked (limit 20), ${address[429] ?? 0} refused`,
  );

  // The signing PIN: a Kepala Desa named in the settings, with a PIN.
  const head = await makeUser('kades', { role: 'ADMINISTRATOR', position: 'kepala_desa' });
  const named = await call(
    home,
    'PUT',
    '/api/settings/signing',
    { head_user_id: head.id },
    adminToken,
  );
  if (named.status !== 200) throw new Error(`head: ${named.status} ${named.json.message}`);
  const headToken = (await call(home, 'POST', '/api/login', head)).json.data!.token as string;
  const pinSet = await call(
    home,
    'PUT',
    '/api/signing/pin',
    { password: head.password, pin: '135790' },
    headToken,
  );
  if (pinSet.status !== 200) throw new Error(`pin: ${pinSet.status} ${pinSet.json.message}`);
  const pin = await burst(200, (i) =>
    call(home, 'POST', '/api/signing/approve', { ids: [1], pin: String(200000 + i) }, headToken),
  );
  figures.signing_pin = { parallel: 200, limit: 10, answers: pin };
  check(
    (pin[422] ?? 0) <= 10 && (pin[422] ?? 0) + (pin[429] ?? 0) === 200,
    `200 parallel signing PINs: ${pin[422] ?? 0} checked (limit 10), ${pin[429] ?? 0} refused`,
  );
  opts.figures.parallel_lockouts = figures;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A phone-camera-like photo (noise over a gradient): about as much work to decode as a real one. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#7a8a6a',
      noise: { type: 'gaussian', mean: 120, sigma: 18 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Issue 18.4: another user's login p95, idle and while one resident keeps 16 photo uploads in
 * flight (each from an address of its own, a refusal tried again a second later), in
 * alternating idle and loaded phases. Goal: at most 3× the idle p95.
 */
export async function uploadFairness(opts: {
  call: Call;
  newAddress: () => string;
  resident: { email: string; password: string };
  other: { email: string; password: string };
  check: Check;
  figures: Record<string, unknown>;
}) {
  const { call, newAddress, check } = opts;
  const ROUNDS = 5;
  const LOGINS = 6;
  const light: { idle: number[]; loaded: number[] } = { idle: [], loaded: [] };
  const idle: number[] = [];
  const loaded: number[] = [];
  const logins = async (phase?: 'idle' | 'loaded') => {
    const from = newAddress();
    for (let i = 0; i < LOGINS; i++) {
      const a = await call(from, 'POST', '/api/login', opts.other);
      if (a.status !== 200) throw new Error(`login: ${a.status} ${a.json.message}`);
      if (phase) (phase === 'idle' ? idle : loaded).push(a.ms);
      // A request without a password hash beside each login: the event loop's share.
      if (phase) light[phase].push((await call(from, 'GET', '/api/letter-types')).ms);
    }
  };
  await logins(); // warm-up: the first hashes, the statement caches

  const from = newAddress();
  const token = (await call(from, 'POST', '/api/login', opts.resident)).json.data!.token as string;
  // One address per worker: the general per-address limit is not what is measured here.
  const addresses = Array.from({ length: 16 }, newAddress);
  const photo = await phonePhoto();
  const boundary = `----bukti${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="foto.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const base = letterTypeByCode('ku')!.base;
  const url = `${base}/attachments?requirement=ktp`;
  // Idle and loaded phases alternate, so the machine's own load drifts into both alike.
  let running = true;
  let active = false;
  let inFlight = 0;
  const uploads: Answer[] = [];
  const workers = addresses.map(async (at) => {
    while (running) {
      if (!active) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      inFlight += 1;
      const a = await call(at, 'POST', url, undefined, token, {
        payload,
        contentType: `multipart/form-data; boundary=${boundary}`,
      });
      uploads.push(a);
      // Stored: deleted again, so the room never fills and every upload is decoded.
      if (a.status === 201) {
        const id = (a.json.data as { id: number }).id;
        await call(at, 'DELETE', `${base}/attachments/${id}`, undefined, token);
      }
      inFlight -= 1;
      // A refusal is tried again a second later (sooner than its Retry-After: a pushy client).
      if (a.status !== 201) await new Promise((r) => setTimeout(r, 1000));
    }
  });
  for (let round = 0; round < ROUNDS; round++) {
    await logins('idle');
    active = true;
    await new Promise((r) => setTimeout(r, 1000)); // the uploads under way
    await logins('loaded');
    active = false;
    while (inFlight > 0) await new Promise((r) => setTimeout(r, 50));
  }
  running = false;
  await Promise.all(workers);

  const idleP95 = percentile(idle, 95);
  const loadedP95 = percentile(loaded, 95);
  const ratio = loadedP95 / idleP95;
  opts.figures.upload_fairness = {
    parallel_uploads: 16,
    photo_bytes: photo.length,
    rounds: ROUNDS,
    logins_per_phase_and_round: LOGINS,
    login_idle_p50_ms: Math.round(percentile(idle, 50)),
    login_idle_p95_ms: Math.round(idleP95),
    login_during_uploads_p50_ms: Math.round(percentile(loaded, 50)),
    login_during_uploads_p95_ms: Math.round(loadedP95),
    ratio: Math.round(ratio * 100) / 100,
    letter_types_idle_p95_ms: Math.round(percentile(light.idle, 95)),
    letter_types_during_uploads_p95_ms: Math.round(percentile(light.loaded, 95)),
    upload_answers: tally(uploads),
    refusal_message: uploads.find((u) => u.status === 429)?.json.message,
  };
  check(
    ratio <= 3 && uploads.some((u) => u.status === 201),
    `another user's login p95 during 16 parallel uploads by one resident: ${Math.round(loadedP95)} ms vs ${Math.round(idleP95)} ms idle (${ratio.toFixed(2)}×, goal ≤ 3×); uploads ${JSON.stringify(tally(uploads))}`,
  );
}
