/**
 * Proof suite "Limits with the defaults" (docs/reliability.md, issue 14.1 and 14.6): one server
 * process with the DEFAULT configuration — no RATE_LIMIT_MAX, LOGIN_RATE_LIMIT_MAX or
 * submission-cap override, no TRUST_PROXY. The clients come from different loopback addresses
 * (127.0.0.x, bound as the socket's local address), so each limit is met from an address of its
 * own and the server sees real, distinct peers; all traffic goes to 127.0.0.1.
 *
 * Each per-route limit must answer 429 with Retry-After and an Indonesian message once reached
 * (login, forgot-password, reset-password, verify, password change — per address and per
 * account — the submission caps, and the general per-address limit), and the owner of an
 * account must still sign in while it is guessed at from many addresses (ADR 0011): from an
 * address or with a device it signed in with before. Parallel attempts never get more passwords or
 * PINs checked than a lock-out allows, and one resident's 16 parallel photo uploads leave another
 * user's login p95 within 3× its idle value (issue 18.4 and 18.5, limits-parallel.ts).
 */
import { randomBytes } from 'node:crypto';
import { letterTypeByCode } from '@balai/domain';
import { LETTER_EXAMPLES } from '../../packages/domain/src/testing/letter-examples.ts';
import { ADMIN, freePort, freshDatabaseUrl, startServer, stopServer, writeResults } from './lib.ts';
import { caller, parallelLockouts, uploadFairness, type Answer } from './limits-parallel.ts';

const port = await freePort();
const url = await freshDatabaseUrl('sqlite', 'proof_limits');
// bench/lib.ts turns limits off for the benches; an empty value means "not set": the defaults.
const server = await startServer(
  {
    DATABASE_URL: url,
    RATE_LIMIT_MAX: '',
    LOGIN_RATE_LIMIT_MAX: '',
    LETTER_MAX_OPEN_PER_RESIDENT: '',
    LETTER_MAX_OPEN_PER_TYPE: '',
    LETTER_MAX_SUBMISSIONS_PER_HOUR: '',
  },
  port,
);

const call = caller(port);

/** A device id as the web app makes one (apps/web/src/lib/auth/device-id.ts). */
const newDevice = () => randomBytes(18).toString('base64url');

let nextAddress = 2;
/** A loopback address no other check has used. */
const newAddress = () => `127.0.0.${nextAddress++}`;

const problems: string[] = [];
const figures: Record<string, unknown> = {};
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};
const INDONESIAN = /(coba lagi|Terlalu banyak|Anda|permohonan|menit|detik)/;

/** Sends `make(i)` until the first 429 (at most `max` times); how many were let through. */
async function untilRefused(name: string, max: number, make: (i: number) => Promise<Answer>) {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const a = await make(i);
    statuses.push(a.status);
    if (a.status === 429) {
      const passed = i;
      figures[name] = {
        passed,
        refused_at: i + 1,
        retry_after: a.retryAfter,
        message: a.json.message,
        statuses_before: [...new Set(statuses.slice(0, -1))],
      };
      return { passed, refusal: a };
    }
  }
  figures[name] = { passed: max, refused_at: null, statuses: [...new Set(statuses)] };
  return { passed: max, refusal: null };
}

function expect429(name: string, r: { passed: number; refusal: Answer | null }, limit: number) {
  check(
    r.refusal !== null &&
      r.passed === limit &&
      r.refusal.retryAfter !== undefined &&
      INDONESIAN.test(r.refusal.json.message ?? ''),
    `${name}: ${r.passed} let through, then 429 (Retry-After ${r.refusal?.retryAfter ?? '—'}): "${r.refusal?.json.message ?? ''}"`,
  );
}

const home = newAddress();
const adminLogin = await call(home, 'POST', '/api/login', {
  ...ADMIN,
  device: newDevice(),
});
const adminToken = adminLogin.json.data!.token as string;

// A resident of our own (a complete profile, so letters can be filed for them).
const resident = {
  email: `warga.${randomBytes(3).toString('hex')}@bukti.desa.id`,
  password: `Sawah-${randomBytes(4).toString('hex')}-Hijau`,
};
const created = await call(
  home,
  'POST',
  '/api/users/create',
  {
    name: 'Warga Bukti Batas',
    ...resident,
    role: 'WARGA',
    nik: '3201012345678901',
    kk_number: '3201012345678902',
    phone: '081234567890',
    birth_place: 'Bogor',
    birth_date: '1985-04-12',
    gender: 'Perempuan',
    religion: 'Islam',
    marital_status: 'Kawin',
    occupation: 'Pedagang',
    education: 'SMA/Sederajat',
    nationality: 'WNI',
    address: 'Jl. Raya Sukamaju No. 3',
    rt: '001',
    rw: '002',
    hamlet: 'Dusun Cibeureum',
  },
  adminToken,
);
if (created.status !== 201)
  throw new Error(`resident: ${created.status} ${JSON.stringify(created.json)}`);

// Upload fairness (issue 18.4): the administrator's login time while the resident uploads.
await uploadFairness({ call, newAddress, resident, other: ADMIN, check, figures });

// Login: LOGIN_RATE_LIMIT_MAX (30) a minute per address — the right password every time, so
// the lock-outs (which count failures) play no part.
{
  const from = newAddress();
  expect429(
    'login (30 a minute per address)',
    await untilRefused('login', 40, () => call(from, 'POST', '/api/login', resident)),
    30,
  );
}
// Forgot-password: 5 a minute per address.
{
  const from = newAddress();
  expect429(
    'forgot-password (5 a minute per address)',
    await untilRefused('forgot_password', 10, (i) =>
      call(from, 'POST', '/api/forgot-password', { email: `orang${i}@bukti.desa.id` }),
    ),
    5,
  );
}
// Reset-password: 10 a minute per address (bad tokens: 422 until then).
{
  const from = newAddress();
  expect429(
    'reset-password (10 a minute per address)',
    await untilRefused('reset_password', 15, () =>
      call(from, 'POST', '/api/reset-password', {
        token: randomBytes(32).toString('base64url'),
        password: 'kata-sandi-baru-1',
        password_confirmation: 'kata-sandi-baru-1',
      }),
    ),
    10,
  );
}
// Verify: 60 a minute per address (unknown tokens: 404 until then).
{
  const from = newAddress();
  expect429(
    'verify (60 a minute per address)',
    await untilRefused('verify', 70, () =>
      call(from, 'GET', `/api/verify/${randomBytes(24).toString('base64url')}`),
    ),
    60,
  );
}
// Password change: 10 checks of the current password per account (15 minutes, any address)
// and 10 a minute per address. Wrong current passwords, then the right one: still refused.
{
  const from = newAddress();
  const token = (await call(from, 'POST', '/api/login', resident)).json.data!.token as string;
  const change = (current: string, at = from) =>
    call(
      at,
      'PUT',
      '/api/profile/password',
      {
        current_password: current,
        password: 'kata-sandi-baru-1',
        password_confirmation: 'kata-sandi-baru-1',
      },
      token,
    );
  const r = await untilRefused('password_change', 25, (i) => change(`salah-${i}`));
  expect429('password change (10 checks of the current password)', r, 10);
  const right = await change(resident.password);
  const elsewhere = await change(resident.password, newAddress());
  figures.password_change_right_after = [right.status, elsewhere.status];
  check(
    right.status === 429 && elsewhere.status === 429,
    `the right current password after the limit is refused too, from this and another address (${right.status}, ${elsewhere.status})`,
  );
}
// Submission caps: 5 open requests of one type, 15 open in all (422), 30 submissions an hour (429).
{
  const from = newAddress();
  const token = (await call(from, 'POST', '/api/login', { ...resident })).json.data!
    .token as string;
  const codes = ['kp', 'ku', 'k', 'kks', 'ktm', 'pk'] as const;
  const file = (code: (typeof codes)[number]) =>
    call(from, 'POST', `${letterTypeByCode(code)!.base}/`, { ...LETTER_EXAMPLES[code] }, token);
  const kp: number[] = [];
  for (let i = 0; i < 6; i++) kp.push((await file('kp')).status);
  const sixth = await file('kp');
  figures.open_per_type = { statuses: kp, message: sixth.json.message };
  check(
    kp.slice(0, 5).every((s) => s === 201) && kp[5] === 422,
    `5 open requests of one type, the 6th 422: "${sixth.json.message ?? ''}"`,
  );
  const more: number[] = [];
  for (const code of codes.slice(1))
    for (let i = 0; i < 2; i++) more.push((await file(code)).status);
  // 5 + 10 = 15 open: the next of any type is refused.
  const over = await file('pk');
  figures.open_per_resident = { statuses: more, then: over.status, message: over.json.message };
  check(
    more.every((s) => s === 201) &&
      over.status === 422 &&
      /15 permohonan/.test(over.json.message ?? ''),
    `15 open requests in all, the 16th 422: "${over.json.message ?? ''}"`,
  );
  // Cancel and file again until the hourly cap: 30 submissions, then 429.
  const list = await call(from, 'GET', '/api/letter-requests?per_page=50', undefined, token);
  let submitted = 15;
  let refusal: Answer | null = null;
  const cancel = async (id: number, code: string) =>
    call(
      from,
      'POST',
      `${letterTypeByCode(code as 'kp')!.base}/${id}/status`,
      { status: 'cancelled', note: null },
      token,
    );
  const rows = list.json.data as unknown as { id: number; type: string }[];
  for (const r of rows) await cancel(r.id, r.type);
  while (submitted < 40) {
    const a = await file('kp');
    if (a.status === 429) {
      refusal = a;
      break;
    }
    if (a.status !== 201) throw new Error(`filing: ${a.status} ${JSON.stringify(a.json)}`);
    submitted += 1;
    await cancel(a.json.data!.id as number, 'kp');
  }
  figures.submissions_per_hour = {
    submitted,
    retry_after: refusal?.retryAfter,
    message: refusal?.json.message,
  };
  check(
    refusal !== null && submitted === 30 && refusal.retryAfter !== undefined,
    `30 submissions an hour, the 31st 429 (Retry-After ${refusal?.retryAfter ?? '—'}): "${refusal?.json.message ?? ''}"`,
  );
}
// The general limit: RATE_LIMIT_MAX (1200) requests a minute per address, any path.
{
  const from = newAddress();
  expect429(
    'general limit (1200 a minute per address)',
    await untilRefused('general', 1300, () => call(from, 'GET', '/api/letter-types')),
    1200,
  );
}

// Parallel attempts never pass a lock-out (issue 18.5).
await parallelLockouts({ call, newAddress, home, adminToken, check, figures });

// The owner during a brute-force attack on their account (ADR 0011). The administrator signed
// in from `home` with the office device above; a phone signs in once from another address.
{
  const phoneDevice = newDevice();
  const phoneAt = newAddress();
  const phoneLogin = await call(phoneAt, 'POST', '/api/login', { ...ADMIN, device: phoneDevice });
  const attackers = Array.from({ length: 30 }, newAddress);
  const tally = new Map<number, number>();
  for (let round = 0; round < 6; round++) {
    for (const at of attackers) {
      const a = await call(at, 'POST', '/api/login', {
        email: ADMIN.email,
        password: `tebakan-${round}-${at}`,
        device: newDevice(),
      });
      tally.set(a.status, (tally.get(a.status) ?? 0) + 1);
    }
  }
  const guesses = 6 * attackers.length;
  const checked = tally.get(401) ?? 0;
  // First the right password from a new device at a new address (a successful sign-in ends
  // the account's run of failures, ADR 0011, so this comes before the owner's).
  const stranger = await call(newAddress(), 'POST', '/api/login', {
    ...ADMIN,
    device: newDevice(),
  });
  const fromHome = await call(home, 'POST', '/api/login', ADMIN);
  const phoneNewAddress = await call(newAddress(), 'POST', '/api/login', {
    ...ADMIN,
    device: phoneDevice,
  });

  figures.owner_during_attack = {
    guesses,
    from_addresses: attackers.length,
    answers: Object.fromEntries(tally),
    phone_first_login: phoneLogin.status,
    owner_from_home: fromHome.status,
    owner_phone_on_new_address: phoneNewAddress.status,
    new_device_new_address: stranger.status,
    new_device_message: stranger.json.message,
  };
  check(
    checked <= 10 && (tally.get(429) ?? 0) === guesses - checked,
    `${guesses} guesses from ${attackers.length} addresses: ${checked} checked, ${tally.get(429) ?? 0} refused with 429`,
  );
  check(
    fromHome.status === 200,
    `the owner signs in from the known address during the attack (${fromHome.status})`,
  );
  check(
    phoneNewAddress.status === 200,
    `the owner signs in with the known phone from a new address during the attack (${phoneNewAddress.status})`,
  );
  check(
    stranger.status === 429 && INDONESIAN.test(stranger.json.message ?? ''),
    `the right password from a new device at a new address is refused until the window passes (${stranger.status}: "${stranger.json.message ?? ''}")`,
  );
}

await stopServer(server);
writeResults('proof-limits.json', {
  suite: 'limits',
  date: new Date().toISOString(),
  command: 'npm run proof -- limits',
  configuration:
    'defaults (RATE_LIMIT_MAX, LOGIN_RATE_LIMIT_MAX, LETTER_MAX_* unset; TRUST_PROXY off)',
  figures,
  problems,
});
console.log(
  problems.length === 0 ? 'limits: all checks passed' : `limits: ${problems.length} FAILED`,
);
process.exit(problems.length === 0 ? 0 : 1);
