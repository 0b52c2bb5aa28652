import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_INVALID, ADMIN_ROLE } from '@balai/domain';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { startFakeProvider } from './fake-provider.ts';
import { importFile, opensidXlsx, people, type Person } from './register-fixtures.ts';

// Issue 22.4 with 21.2 (ADR 0029): an activation code sent over WhatsApp through the outbox, to a
// real local HTTP server playing the gateway; and issue 21's fix: the account's education from
// the register's national code. On SQLite and PostgreSQL.
let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeProvider>>;
let admin: string;
let persons: Person[];
const PASSWORD = 'sawah-hijau-berbunga-41';

async function received(n: number) {
  for (let i = 0; i < 300 && fake.received.length < n; i++)
    await new Promise((r) => setTimeout(r, 20));
  return fake.received;
}

const personId = async (nik: string) =>
  (
    await ctx.app.db
      .selectFrom('register_persons')
      .select('id')
      .where('nik', '=', nik)
      .executeTakeFirstOrThrow()
  ).id;

const send = (id: number, phone: string, token = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/register/persons/${id}/activation-codes/whatsapp`,
    headers: bearer(token),
    payload: { phone },
  });

beforeAll(async () => {
  fake = await startFakeProvider();
  ctx = await createTestApp({
    env: {
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      WA_GATEWAY_URL: `${fake.url}/send`,
      WA_GATEWAY_TOKEN: 'tok',
      WA_MIN_GAP_MS: '0',
    },
  });
  admin = await login(ctx.app, (await makeUser(ctx.testDb.db, { role: ADMIN_ROLE })).email);
  persons = people(6);
  const res = await importFile(ctx.app, admin, await opensidXlsx(persons));
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('an activation code over WhatsApp (issue 22.4)', () => {
  it('sends the code and link to the normalised number, never the NIK; the answer and the audit show only a masked number; the code activates with the education mapped', async () => {
    // Warga 4: married, born 1960, education code 5 (SLTA/Sederajat).
    const p = persons[4]!;
    const id = await personId(p.nik);
    const res = await send(id, '0812-3456-7890');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: { sent_to: string; expires_at: string } }>().data;
    expect(data.sent_to).toBe('62812****7890');
    expect(res.body).not.toMatch(/[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}/);

    const [msg] = await received(1);
    expect(msg!.fields.target).toBe('6281234567890');
    const text = String(msg!.fields.message);
    const code = /Kode aktivasi akun Balai Anda: ([2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5})/.exec(
      text,
    )![1]!;
    expect(text).toContain(`/auth/activate?code=${code}`);
    expect(text).toContain('— Pemerintah Desa ');
    expect(text).not.toContain(p.nik);
    expect(text).not.toContain(p.no_kk);

    // Stored hashed: the code is in no row of the database's code table.
    const rows = await ctx.app.db
      .selectFrom('activation_codes')
      .selectAll()
      .where('person_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code.replace('-', ''));
    const audit = await ctx.app.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'activation_code.created')
      .where('subject_id', '=', rows[0]!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audit.detail))).toMatchObject({
      person_id: id,
      scope: 'person',
      sent: { channel: 'whatsapp', to: '62812****7890' },
    });
    const outbox = await ctx.app.db
      .selectFrom('notice_outbox')
      .select(['kind', 'recipient'])
      .where('kind', '=', 'activation_code')
      .execute();
    expect(outbox).toEqual([{ kind: 'activation_code', recipient: '6281234567890' }]);

    const used = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/activate-code',
      payload: { code, phone: '081234567890', password: PASSWORD, password_confirmation: PASSWORD },
      remoteAddress: '10.44.0.1',
    });
    expect(used.statusCode, used.body).toBe(200);
    const user = await ctx.app.db
      .selectFrom('users')
      .select(['education', 'identity_verified_at', 'register_person_id'])
      .where('register_person_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.education).toBe('SMA/Sederajat');
    expect(user.identity_verified_at).not.toBeNull();
  });

  it('refuses a bad number, an unknown person and a resident, in Indonesian, writing nothing', async () => {
    const id = await personId(persons[0]!.nik);
    const before = await ctx.app.db
      .selectFrom('activation_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await send(id, '12345');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      message: PHONE_INVALID,
      errors: { phone: [PHONE_INVALID] },
    });
    const unknown = await send(999_999, '081234567890');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Penduduk tidak ditemukan.');
    const resident = await login(ctx.app, (await makeUser(ctx.testDb.db)).email);
    expect((await send(id, '081234567890', resident)).statusCode).toBe(403);
    const after = await ctx.app.db
      .selectFrom('activation_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(
      await ctx.app.db
        .selectFrom('notice_outbox')
        .select('id')
        .where('kind', '=', 'activation_code')
        .execute(),
    ).toHaveLength(1);
  });
});
