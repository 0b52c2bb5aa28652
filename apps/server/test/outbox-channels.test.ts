import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, type TestContext } from './helpers.ts';
import { startFakeProvider } from './fake-provider.ts';
import {
  CODE_MAX_TRIES,
  confirmPhone,
  noticesForUser,
  startPhoneConfirmation,
} from '../src/services/notice-channels.ts';
import { queueNotices } from '../src/services/outbox.ts';
import { residentText } from '@balai/domain';

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeProvider>>;

/** Waits until the fake provider has received `n` requests (the app's worker sends them). */
async function received(n: number) {
  for (let i = 0; i < 300 && fake.received.length < n; i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return fake.received;
}

beforeAll(async () => {
  fake = await startFakeProvider();
  // The app's own outbox worker, pointed at the fake gateway by configuration.
  ctx = await createTestApp({
    env: {
      WA_GATEWAY_URL: `${fake.url}/send`,
      WA_GATEWAY_TOKEN: 'tok',
      WA_MIN_GAP_MS: '0',
      NOTICE_FIRST_PAUSE_S: '1',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});
beforeEach(() => {
  fake.received.length = 0;
});

const db = () => ctx.app.db;

describe('WhatsApp number confirmation (issue 22)', () => {
  it('refuses a number that is not an Indonesian mobile, and writes nothing', async () => {
    const user = await makeUser(ctx.testDb.db);
    const r = await startPhoneConfirmation(db(), user.id, '021-555-1234', 'Sukamaju');
    expect(r).toEqual({
      ok: false,
      message: expect.stringContaining('Nomor WhatsApp tidak valid'),
    });
    const rows = await db()
      .selectFrom('notice_channels')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('sends a 6-digit code to the normalised number; a wrong code counts, the right one confirms', async () => {
    const user = await makeUser(ctx.testDb.db);
    expect(await startPhoneConfirmation(db(), user.id, '0812-3456-7890', 'Sukamaju')).toMatchObject(
      {
        ok: true,
        phone: '6281234567890',
      },
    );
    const [msg] = await received(1);
    expect(msg!.fields.target).toBe('6281234567890');
    expect(msg!.headers.authorization).toBe('tok');
    const text = msg!.fields.message as string;
    expect(text).toContain('Desa Sukamaju');
    const code = /\b(\d{6})\b/.exec(text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await confirmPhone(db(), user.id, wrong)).toEqual({
      ok: false,
      message: `Kode salah. Sisa ${CODE_MAX_TRIES - 1} kali percobaan.`,
    });
    expect(await confirmPhone(db(), user.id, code)).toEqual({ ok: true });
    const row = await db()
      .selectFrom('notice_channels')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.confirmed_at).not.toBeNull();
    expect(row.code_hash).toBeNull();
  });

  it('after the allowed wrong codes even the right one is refused until a new code', async () => {
    const user = await makeUser(ctx.testDb.db);
    await startPhoneConfirmation(db(), user.id, '+62 813 1111 2222', 'Sukamaju');
    const code = /\b(\d{6})\b/.exec((await received(1))[0]!.fields.message as string)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_MAX_TRIES; i++) await confirmPhone(db(), user.id, wrong);
    expect(await confirmPhone(db(), user.id, code)).toEqual({
      ok: false,
      message: 'Kode sudah tidak berlaku. Minta kode baru.',
    });
  });
});

describe('what a confirmed resident receives', () => {
  it('the first notice says how to stop, the next does not; an internal note never goes out', async () => {
    const user = await makeUser(ctx.testDb.db);
    await startPhoneConfirmation(db(), user.id, '081299990000', 'Sukamaju');
    const code = /\b(\d{6})\b/.exec((await received(1))[0]!.fields.message as string)![1]!;
    await confirmPhone(db(), user.id, code);
    fake.received.length = 0;

    const c = {
      village: 'Sukamaju',
      letter: 'Surat Keterangan Usaha',
      reference: 'KU-000010',
      link: 'http://balai.test/service/KU/10',
    };
    const internal = 'Catatan internal: cek ulang KK 3201012345678901';
    // The office's internal note (processing / awaiting signature) makes no message at all.
    expect(residentText('processing', c, internal)).toBeNull();
    expect(residentText('awaiting_signature', c, internal)).toBeNull();
    const texts = [
      residentText('submitted', c, null)!,
      residentText('needs_revision', c, 'Foto KTP buram, unggah ulang.')!,
      residentText('completed', c, null, '470/010/KU/XI/2026')!,
    ];
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const body of texts) {
          const notices = await noticesForUser(
            trx,
            user.id,
            { kind: 'letter', subject: 'Surat', body },
            'http://balai.test/profile',
          );
          await queueNotices(trx, notices);
        }
      });
    const got = (await received(3)).map((r) => r.fields.message as string);
    expect(got).toHaveLength(3);
    expect(got[0]).toContain('Permohonan Surat Keterangan Usaha (KU-000010) sudah kami terima');
    expect(got[0]).toContain(
      'Tidak ingin menerima pesan ini? Matikan di http://balai.test/profile',
    );
    expect(got[1]).toContain('perlu dilengkapi: Foto KTP buram, unggah ulang.');
    expect(got[1]).not.toContain('Tidak ingin menerima');
    expect(got[2]).toContain('sudah terbit dengan nomor 470/010/KU/XI/2026');
    for (const m of got) {
      expect(m).not.toContain('internal');
      expect(m).not.toMatch(/\d{16}/); // no NIK / No. KK
      expect(m).toContain('— Pemerintah Desa Sukamaju');
    }
    await new Promise((r) => setTimeout(r, 100));
    const states = await db()
      .selectFrom('notice_outbox')
      .select(['kind', 'state'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(states).toEqual([
      { kind: 'confirm', state: 'sent' },
      { kind: 'letter', state: 'sent' },
      { kind: 'letter', state: 'sent' },
      { kind: 'letter', state: 'sent' },
    ]);
  });
});
