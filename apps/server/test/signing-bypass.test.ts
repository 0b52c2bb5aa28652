import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { sha256Hex } from '../src/lib/tokens.ts';
import { listAudit } from '../src/repositories/audit-log.ts';
import { insertPasswordReset } from '../src/repositories/password-resets.ts';
import { createTestApp, login, makeUser, PASSWORD, type TestContext } from './helpers.ts';
import {
  client,
  example,
  makeResident,
  NO_SUBMISSION_CAPS,
  pdfText,
  squash,
} from './letter-helpers.ts';
import { outboxMails, tempOutbox } from './outbox.ts';

/**
 * Issue 18.1: no administrator issues a letter that needs approval past the Kepala Desa (ADR
 * 0020). Bypasses A–E of the security review, each tried by a plain administrator and each ending
 * with the letter still awaiting signature; then what the Kepala Desa may do with their own
 * password, the first naming, the audit rows and notices, and the reset links (issue 18.6).
 */
describe('signing: no way around the Kepala Desa', () => {
  let ctx: TestContext;
  let outbox: string;
  let asClerk: ReturnType<typeof client>;
  let asHead: ReturnType<typeof client>;
  let asSecretary: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let ids: { clerk: number; head: number; secretary: number };
  let headEmail: string;
  const ku = letterTypeByCode('ku')!;
  const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  const confirmation = { password: PASSWORD };

  beforeAll(async () => {
    outbox = tempOutbox();
    ctx = await createTestApp({
      env: { OUTBOX_DIR: outbox, RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS },
    });
    const db = ctx.testDb.db;
    const clerk = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Petugas Nakal' });
    const head = await makeUser(db, {
      role: 'ADMINISTRATOR',
      name: 'H. Ahmad Suryadi',
      position: 'kepala_desa',
    });
    const secretary = await makeUser(db, {
      role: 'ADMINISTRATOR',
      name: 'Rina Marlina',
      position: 'sekretaris_desa',
    });
    ids = { clerk: clerk.id, head: head.id, secretary: secretary.id };
    headEmail = head.email!;
    asClerk = client(ctx.app, await login(ctx.app, clerk.email));
    asHead = client(ctx.app, await login(ctx.app, head.email));
    asSecretary = client(ctx.app, await login(ctx.app, secretary.email));
    asResident = client(ctx.app, await login(ctx.app, (await makeResident(db)).email));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('the first naming of a Kepala Desa is open to any administrator and told to that person', async () => {
    const set = await asClerk('PUT', '/api/settings/signing', {
      head_user_id: ids.head,
      secretary_user_id: ids.secretary,
    });
    expect(set.statusCode, set.body).toBe(200);
    const notices = (await asHead('GET', '/api/notifications')).json().data;
    expect(notices[0]).toMatchObject({
      title: 'Anda ditetapkan sebagai Kepala Desa',
      link: '/admin/settings/signing',
    });
    expect(notices[0].body).toContain('Petugas Nakal');
    const mails = await outboxMails(outbox, 1);
    const mail = mails.map((m) => m.replace(/=\r?\n/g, '')).find((m) => m.includes(headEmail));
    expect(mail).toContain('Anda ditetapkan sebagai Kepala Desa');
    const audit = await listAudit(ctx.testDb.db.kysely, { action: 'signing.settings' });
    expect(audit[0]).toMatchObject({ user_id: ids.clerk });
    expect(JSON.parse(audit[0]!.detail!)).toMatchObject({
      first_naming: true,
      head_user_id: ids.head,
    });
  });

  async function awaiting(): Promise<number> {
    const created = await asResident('POST', ku.base, example('ku'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(
      (await asClerk('POST', `${ku.base}/${id}/status`, { status: 'processing' })).statusCode,
    ).toBe(200);
    const sent = await asClerk('POST', `${ku.base}/${id}/status`, {
      status: 'awaiting_signature',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return id;
  }

  async function stillAwaiting(id: number): Promise<void> {
    const detail = await asClerk('GET', `${ku.base}/${id}`);
    expect(detail.json().data.status).toBe('awaiting_signature');
    expect(detail.json().data.number).toBeNull();
    // Nor can the clerk issue it now.
    const direct = await asClerk('POST', `${ku.base}/${id}/status`, { status: 'completed' });
    expect(direct.statusCode).toBe(403);
  }

  const bypasses: [string, () => Promise<void>][] = [
    [
      'A: approval of the type switched off through the settings',
      async () => {
        const off = await asClerk('PUT', '/api/settings/signing', { approval: { ku: false } });
        expect(off.statusCode).toBe(403);
        expect(off.json().message).toBe(
          'Pengaturan tanda tangan hanya dapat diubah oleh Kepala Desa dengan kata sandi atau PIN-nya.',
        );
        // A confirmation with the clerk's own password changes nothing.
        const own = await asClerk('PUT', '/api/settings/signing', {
          approval: { ku: false },
          confirmation,
        });
        expect(own.statusCode).toBe(403);
      },
    ],
    [
      "B: the Kepala Desa's away dates set by someone else, then the Sekretaris Desa approves",
      async () => {
        const dates = { head_away_from: today, head_away_until: today };
        for (const as of [asClerk, asSecretary]) {
          const res = await as('PUT', '/api/settings/signing', { ...dates, confirmation });
          expect(res.statusCode).toBe(403);
        }
        const viaDelegation = await asSecretary('PUT', '/api/signing/delegation', {
          from: today,
          until: today,
          confirmation,
        });
        expect(viaDelegation.statusCode).toBe(403);
        expect((await asSecretary('GET', '/api/signing/me')).json().data.can_sign).toBe(false);
      },
    ],
    [
      'C: the clerk gives themselves the position Kepala Desa and names themselves',
      async () => {
        const promote = await asClerk('PUT', `/api/users/update/${ids.clerk}`, {
          position: 'kepala_desa',
        });
        expect(promote.statusCode).toBe(403);
        expect(promote.json().message).toBe(
          'Jabatan Kepala Desa hanya dapat diberikan oleh Kepala Desa dengan kata sandi atau PIN-nya.',
        );
        const created = await asClerk('POST', '/api/users/create', {
          name: 'Kades Palsu',
          email: 'kades.palsu@uji.desa.id',
          password: 'rahasia-palsu-789',
          role: 'ADMINISTRATOR',
          position: 'kepala_desa',
        });
        expect(created.statusCode).toBe(403);
        const name = await asClerk('PUT', '/api/settings/signing', { head_user_id: ids.clerk });
        expect(name.statusCode).toBe(403);
        expect(
          (await asClerk('POST', '/api/signing/approve', { ids: [1], password: PASSWORD }))
            .statusCode,
        ).toBe(403);
      },
    ],
    [
      "D: a new password, e-mail or name set on the Kepala Desa's account",
      async () => {
        for (const change of [
          { password: 'sandi-baru-nakal-1' },
          { email: 'kades.baru@uji.desa.id' },
          { name: 'Orang Lain' },
          { nip: '19800101 200501 1 001' },
        ]) {
          const res = await asClerk('PUT', `/api/users/update/${ids.head}`, change);
          expect(res.statusCode, JSON.stringify(change)).toBe(403);
          expect(res.json().message).toBe(
            'Akun Kepala Desa dan Sekretaris Desa hanya dapat diubah oleh Kepala Desa dengan kata sandi atau PIN-nya.',
          );
        }
        const secretary = await asClerk('PUT', `/api/users/update/${ids.secretary}`, {
          password: 'sandi-baru-nakal-2',
        });
        expect(secretary.statusCode).toBe(403);
        // The Kepala Desa still signs in with their own password.
        await login(ctx.app, headEmail);
      },
    ],
    [
      'E: the named Kepala Desa deleted (or deactivated)',
      async () => {
        const del = await asClerk('DELETE', `/api/users/delete/${ids.head}`);
        expect(del.statusCode).toBe(409);
        expect(del.json().message).toBe(
          'Akun ini ditetapkan sebagai Kepala Desa di Pengaturan → Tanda Tangan dan tidak dapat dihapus. Tetapkan akun Kepala Desa lain lebih dulu.',
        );
        expect((await asClerk('DELETE', `/api/users/delete/${ids.secretary}`)).statusCode).toBe(
          409,
        );
        const off = await asClerk('PUT', `/api/users/update/${ids.head}`, { active: false });
        expect(off.statusCode).toBe(409);
        const settings = (await asClerk('GET', '/api/settings/signing')).json().data;
        expect(settings.head_user_id).toBe(ids.head);
      },
    ],
  ];

  it.each(bypasses)('%s: refused, and the letter is still awaiting signature', async (_n, run) => {
    const id = await awaiting();
    await run();
    await stillAwaiting(id);
  });

  it('nothing the bypasses tried was written', async () => {
    const settings = (await asClerk('GET', '/api/settings/signing')).json().data;
    expect(settings).toMatchObject({
      head_user_id: ids.head,
      secretary_user_id: ids.secretary,
      head_away_from: null,
      head_away_until: null,
    });
    expect(settings.approval.ku).toBe(true);
    const head = (await asClerk('GET', `/api/users/detail/${ids.head}`)).json().data;
    expect(head).toMatchObject({ name: 'H. Ahmad Suryadi', email: headEmail, active: true });
    const clerk = (await asClerk('GET', `/api/users/detail/${ids.clerk}`)).json().data;
    expect(clerk.position).toBe('operator');
    expect((await asClerk('GET', '/api/users/list?search=kades.palsu')).json().data).toHaveLength(
      0,
    );
  });

  it('the Kepala Desa changes the setup with their password; a wrong one or none changes nothing', async () => {
    const none = await asHead('PUT', '/api/settings/signing', { approval: { k: false } });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(
      'Masukkan kata sandi atau PIN Anda untuk menyimpan perubahan ini.',
    );
    const wrong = await asHead('PUT', '/api/settings/signing', {
      approval: { k: false },
      confirmation: { password: 'bukan-sandinya' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ 'confirmation.password': ['Kata sandi salah.'] });
    const both = await asHead('PUT', '/api/settings/signing', {
      approval: { k: false },
      confirmation: { password: PASSWORD, pin: '135790' },
    });
    expect(both.statusCode).toBe(422);
    expect((await asClerk('GET', '/api/settings/signing')).json().data.approval.k).toBe(true);

    const ok = await asHead('PUT', '/api/settings/signing', {
      approval: { k: false },
      confirmation,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.approval.k).toBe(false);
    const audit = (await listAudit(ctx.testDb.db.kysely, { action: 'signing.settings' }))[0]!;
    expect(audit.user_id).toBe(ids.head);
    expect(JSON.parse(audit.detail!)).toMatchObject({
      confirmed_by: 'password',
      approval_exempt: ['k'],
    });
    const notice = (await asHead('GET', '/api/notifications')).json().data[0];
    expect(notice.title).toBe('Pengaturan tanda tangan diubah');
    expect(notice.body).toContain('jenis surat yang perlu persetujuan');
    const back = await asHead('PUT', '/api/settings/signing', {
      approval: { k: true },
      confirmation,
    });
    expect(back.statusCode).toBe(200);

    // The away dates too: the Kepala Desa's own, confirmed; then the Sekretaris Desa signs.
    const away = await asHead('PUT', '/api/signing/delegation', { from: today, until: today });
    expect(away.statusCode).toBe(403);
    const set = await asHead('PUT', '/api/signing/delegation', {
      from: today,
      until: today,
      confirmation,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await asSecretary('GET', '/api/signing/me')).json().data.can_sign).toBe(true);
    expect((await asHead('DELETE', '/api/signing/delegation')).statusCode).toBe(200);
    expect((await asSecretary('GET', '/api/signing/me')).json().data.can_sign).toBe(false);
  });

  it("a signer's account changes with the Kepala Desa's password: audited and told", async () => {
    const res = await asHead('PUT', `/api/users/update/${ids.secretary}`, {
      nip: '19850312 201001 2 004',
      phone: '081234567890',
      confirmation,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.nip).toBe('19850312 201001 2 004');
    // The newest first.
    const [audit] = await listAudit(ctx.testDb.db.kysely, { action: 'signing.signer_account' });
    if (!audit) throw new Error('no signing.signer_account audit row');
    expect(audit).toMatchObject({ user_id: ids.head, subject_id: ids.secretary });
    expect(JSON.parse(audit.detail!)).toEqual({ fields: ['nip'], confirmed_by: 'password' });
    const notice = (await asHead('GET', '/api/notifications')).json().data[0];
    expect(notice).toMatchObject({
      title: 'Akun Rina Marlina diubah',
      link: `/admin/user/${ids.secretary}/edit`,
    });
    // A field that is not the signer's (the phone) needs no confirmation; the same values sent
    // again (the admin form sends every field) are no change.
    const phone = await asClerk('PUT', `/api/users/update/${ids.secretary}`, {
      phone: '081234567891',
      name: 'Rina Marlina',
      nip: '19850312 201001 2 004',
      position: 'sekretaris_desa',
      active: true,
    });
    expect(phone.statusCode, phone.body).toBe(200);
  });

  it('the office setting a password or deactivating ends every outstanding reset link (issue 18.6)', async () => {
    const db = ctx.testDb.db;
    const resident = await makeUser(db, { name: 'Warga Lupa Sandi' });
    const tokens = ['token-satu-uji-abcdef', 'token-dua-uji-abcdef'];
    const expires_at = new Date(Date.now() + 3600_000).toISOString();
    for (const token of tokens) {
      await insertPasswordReset(db.kysely, {
        user_id: resident.id,
        token_hash: sha256Hex(token),
        expires_at,
      });
    }
    const reset = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, password: 'sandi-baru-warga', password_confirmation: 'sandi-baru-warga' },
      });
    const set = await asClerk('PUT', `/api/users/update/${resident.id}`, {
      password: 'sandi-dari-kantor-1',
    });
    expect(set.statusCode, set.body).toBe(200);
    for (const token of tokens) {
      const res = await reset(token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.token[0]).toMatch(/tidak valid atau sudah kedaluwarsa/);
    }
    await login(ctx.app, resident.email, 'sandi-dari-kantor-1');

    const other = await makeUser(db, { name: 'Warga Dinonaktifkan' });
    await insertPasswordReset(db.kysely, {
      user_id: other.id,
      token_hash: sha256Hex('token-tiga-uji-abcdef'),
      expires_at,
    });
    expect(
      (await asClerk('PUT', `/api/users/update/${other.id}`, { active: false })).statusCode,
    ).toBe(200);
    expect(
      (await asClerk('PUT', `/api/users/update/${other.id}`, { active: true })).statusCode,
    ).toBe(200);
    expect((await reset('token-tiga-uji-abcdef')).statusCode).toBe(422);
  });

  it("the letter prints the Kepala Desa account, its NIP only when it has one, never the settings' free text (issue 25.2)", async () => {
    const settings = (await asClerk('GET', '/api/settings/admin')).json().data;
    const saved = await asClerk('PUT', '/api/settings', {
      ...settings,
      head_name: 'Nama Bebas Pengaturan',
      head_nip: '19720415 199803 1 006',
      village_code: '3201012001',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await awaiting();
    const preview = await asClerk('GET', `${ku.base}/${id}/preview`);
    expect(preview.statusCode).toBe(200);
    const draft = squash(pdfText(preview.rawPayload));
    expect(draft).toContain('H. Ahmad Suryadi');
    expect(draft).not.toContain('Nama Bebas Pengaturan');
    expect(draft).not.toContain('NIP.');
    const approved = await asHead('POST', '/api/signing/approve', {
      ids: [id],
      password: PASSWORD,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const letter = squash(pdfText((await asResident('GET', `${ku.base}/${id}/pdf`)).rawPayload));
    expect(letter).toContain('H. Ahmad Suryadi');
    expect(letter).not.toContain('Nama Bebas Pengaturan');
    expect(letter).not.toContain('NIP.');
  });

  it('a Kepala Desa hands over with their password; the new one and the old one are told', async () => {
    const db = ctx.testDb.db;
    const next = await makeUser(db, {
      role: 'ADMINISTRATOR',
      name: 'Kades Baru',
      position: 'operator',
    });
    // Making the new account a Kepala Desa, and naming it, are the Kepala Desa's to confirm.
    const promote = await asHead('PUT', `/api/users/update/${next.id}`, {
      position: 'kepala_desa',
      confirmation,
    });
    expect(promote.statusCode, promote.body).toBe(200);
    const hand = await asHead('PUT', '/api/settings/signing', {
      head_user_id: next.id,
      confirmation,
    });
    expect(hand.statusCode, hand.body).toBe(200);
    const asNext = client(ctx.app, await login(ctx.app, next.email));
    expect((await asNext('GET', '/api/notifications')).json().data[0].title).toBe(
      'Pengaturan tanda tangan diubah',
    );
    expect((await asHead('GET', '/api/notifications')).json().data[0].title).toBe(
      'Pengaturan tanda tangan diubah',
    );
    // The old Kepala Desa can no longer change anything; the new one can.
    expect(
      (await asHead('PUT', '/api/settings/signing', { approval: { ku: false }, confirmation }))
        .statusCode,
    ).toBe(403);
    expect((await asHead('DELETE', `/api/users/delete/${ids.clerk}`)).statusCode).toBe(200);
  });
});
