import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode } from '@balai/domain';
import { mailLine } from '../src/services/mail-text.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident, NO_SUBMISSION_CAPS } from './letter-helpers.ts';
import { outboxMails, tempOutbox } from './outbox.ts';

const ku = letterTypeByCode('ku')!;

/** A name as an old record or a crafted import could hold it: a header and a line of its own. */
const CRAFTED = 'Budi\r\nBcc: korban@contoh.id\u2028Buka tautan: http://jahat.example\u0085\u202eX';

/** The mail's header block and the unfolded text of its body (quoted-printable joined). */
function parts(mail: string): { headers: string[]; lines: string[] } {
  const [head = '', ...rest] = mail.split(/\r?\n\r?\n/);
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => `%${h}`);
  let text = body;
  try {
    text = decodeURIComponent(body.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    // Leave the body as it is when it was not quoted-printable UTF-8.
  }
  return { headers: head.split(/\r?\n/), lines: text.split(/\r?\n/) };
}

describe('mail: a typed value is one line in a header or the text (issue 18.10)', () => {
  it('mailLine: line breaks and tabs become one space, control and bidi characters go', () => {
    expect(mailLine(CRAFTED)).toBe(
      'Budi Bcc: korban@contoh.id Buka tautan: http://jahat.example X',
    );
    expect(mailLine('Siti\u2029Nurhaliza\tS.Pd.')).toBe('Siti Nurhaliza S.Pd.');
    expect(mailLine('Désa Śukamaju 日本 🙂')).toBe('Désa Śukamaju 日本 🙂');
  });

  describe('on the database', () => {
    let ctx: TestContext;
    let outbox: string;

    beforeAll(async () => {
      outbox = tempOutbox();
      ctx = await createTestApp({
        env: { OUTBOX_DIR: outbox, RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS },
      });
    });
    afterAll(async () => {
      await ctx.close();
      fs.rmSync(outbox, { recursive: true, force: true });
    });

    it('the Kepala Desa’s mail names a crafted resident on one line and adds no header', async () => {
      const db = ctx.testDb.db;
      const clerk = await makeUser(db, { role: 'ADMINISTRATOR', name: `Petugas\r\nX-Evil: 1` });
      const head = await makeUser(db, {
        role: 'ADMINISTRATOR',
        name: 'H. Ahmad\nSuryadi',
        position: 'kepala_desa',
      });
      const resident = await makeResident(db, { name: CRAFTED });
      const asClerk = client(ctx.app, await login(ctx.app, clerk.email));
      const asResident = client(ctx.app, await login(ctx.app, resident.email));
      expect(
        (await asClerk('PUT', '/api/settings/signing', { head_user_id: head.id })).statusCode,
      ).toBe(200);
      const id = (await asResident('POST', ku.base, example('ku'))).json().data.id as number;
      await asClerk('POST', `${ku.base}/${id}/status`, { status: 'processing' });
      const sent = await asClerk('POST', `${ku.base}/${id}/status`, {
        status: 'awaiting_signature',
        note: 'Baris satu\r\nBcc: lain@contoh.id',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      // Two mails reach the Kepala Desa: their first naming (issue 18.1) and the letter.
      const mails = await outboxMails(outbox, 2);
      expect(mails).toHaveLength(2);
      for (const m of mails) {
        expect(parts(m).headers.filter((h) => /^(bcc|x-evil):/i.test(h))).toEqual([]);
      }
      const mail = mails.find((m) => m.includes('mengajukan'));
      const { headers, lines } = parts(mail!);
      expect(headers.filter((h) => /^(bcc|x-evil):/i.test(h))).toEqual([]);
      expect(lines).toContain('Yth. H. Ahmad Suryadi,');
      const body = lines.find((l) => l.includes('mengajukan'));
      expect(body).toBe(
        `Petugas X-Evil: 1 mengajukan Surat Keterangan Usaha atas nama ${mailLine(CRAFTED)} untuk ditandatangani. Catatan petugas: Baris satu Bcc: lain@contoh.id`,
      );
      expect(lines.some((l) => /^(Bcc|Buka tautan: http:\/\/jahat)/.test(l))).toBe(false);
    });

    it('the password reset mail greets a crafted name on one line', async () => {
      const user = await makeResident(ctx.testDb.db, { name: CRAFTED });
      const before = (await outboxMails(outbox, 0)).length;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: user.email },
      });
      expect(res.statusCode, res.body).toBe(200);
      const mails = await outboxMails(outbox, before + 1);
      const mail = mails.find((m) => m.includes(user.email!.split('@')[0]!));
      const { headers, lines } = parts(mail!);
      expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
      expect(lines).toContain(`Halo ${mailLine(CRAFTED)},`);
    });
  });
});
