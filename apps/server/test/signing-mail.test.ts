import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, requestReference } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident, NO_SUBMISSION_CAPS } from './letter-helpers.ts';
import { outboxMails, tempOutbox } from './outbox.ts';

const ku = letterTypeByCode('ku')!;

/** The signer hears of each letter waiting by e-mail too (issue 15.7, docs/signing.md). */
describe('signing: the e-mail to the Kepala Desa', () => {
  let ctx: TestContext;
  let outbox: string;
  let asClerk: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let head: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    outbox = tempOutbox();
    ctx = await createTestApp({
      env: { OUTBOX_DIR: outbox, RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS },
    });
    const db = ctx.testDb.db;
    const clerk = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Petugas Layanan' });
    head = await makeUser(db, {
      role: 'ADMINISTRATOR',
      name: 'H. Ahmad Suryadi',
      position: 'kepala_desa',
    });
    asClerk = client(ctx.app, await login(ctx.app, clerk.email));
    asResident = client(ctx.app, await login(ctx.app, (await makeResident(db)).email));
    const set = await asClerk('PUT', '/api/settings/signing', { head_user_id: head.id });
    expect(set.statusCode, set.body).toBe(200);
    // Being named the first Kepala Desa is announced by e-mail too (issue 18); this suite reads
    // the mails about letters, so that one is set aside.
    const named = await outboxMails(outbox, 1);
    expect(named[0]).toContain('Anda ditetapkan sebagai Kepala Desa');
    for (const f of fs.readdirSync(outbox)) fs.rmSync(path.join(outbox, f));
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('mails the Kepala Desa when a letter is sent for signature, naming it and linking to it', async () => {
    const id = (await asResident('POST', ku.base, example('ku'))).json().data.id as number;
    expect(
      (await asClerk('POST', `${ku.base}/${id}/status`, { status: 'processing' })).statusCode,
    ).toBe(200);
    expect(await outboxMails(outbox, 0)).toHaveLength(0);
    const sent = await asClerk('POST', `${ku.base}/${id}/status`, { status: 'awaiting_signature' });
    expect(sent.statusCode, sent.body).toBe(200);
    const mails = await outboxMails(outbox, 1);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.replace(/=\r?\n/g, '');
    expect(mail).toMatch(new RegExp(`^To: .*${head.email!.replace(/[.+]/g, '\\$&')}`, 'mi'));
    expect(mail).toContain('Menunggu tanda tangan Anda');
    expect(mail).toContain(requestReference('ku', id));
    expect(mail).toContain(`/admin/signing/${id}`);
  });
});
