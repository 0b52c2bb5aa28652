import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, LETTER_TYPES, type LetterType } from '@balai/domain';
import { listAudit } from '../src/repositories/audit-log.ts';
import { createTestApp, login, makeUser, PASSWORD, type TestContext } from './helpers.ts';
import {
  client,
  example,
  makeResident,
  NO_SUBMISSION_CAPS,
  pdfText,
  squash,
} from './letter-helpers.ts';

/** Signing (issue 15, docs/signing.md), on SQLite and PostgreSQL alike. */
describe('signing: the Kepala Desa approves each letter', () => {
  let ctx: TestContext;
  let asClerk: ReturnType<typeof client>;
  let asHead: ReturnType<typeof client>;
  let asSecretary: ReturnType<typeof client>;
  let asOtherHead: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let ids: { clerk: number; head: number; secretary: number; otherHead: number };
  const ku = letterTypeByCode('ku')!;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
    const db = ctx.testDb.db;
    const clerk = await makeUser(db, { role: 'ADMINISTRATOR', name: 'Petugas Layanan' });
    const head = await makeUser(db, {
      role: 'ADMINISTRATOR',
      name: 'H. Ahmad Suryadi',
      position: 'kepala_desa',
      nip: '19700101 199001 1 001',
    });
    const secretary = await makeUser(db, {
      role: 'ADMINISTRATOR',
      name: 'Rina Marlina',
      position: 'sekretaris_desa',
    });
    // Holds the position, but the settings do not name this account.
    const otherHead = await makeUser(db, {
      role: 'ADMINISTRATOR',
      name: 'Kades Lain',
      position: 'kepala_desa',
    });
    ids = { clerk: clerk.id, head: head.id, secretary: secretary.id, otherHead: otherHead.id };
    asClerk = client(ctx.app, await login(ctx.app, clerk.email));
    asHead = client(ctx.app, await login(ctx.app, head.email));
    asSecretary = client(ctx.app, await login(ctx.app, secretary.email));
    asOtherHead = client(ctx.app, await login(ctx.app, otherHead.email));
    asResident = client(ctx.app, await login(ctx.app, (await makeResident(db)).email));
    const set = await asClerk('PUT', '/api/settings/signing', {
      head_user_id: head.id,
      secretary_user_id: secretary.id,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.head).toMatchObject({
      name: 'H. Ahmad Suryadi',
      position_label: 'Kepala Desa',
    });
    expect(Object.values(set.json().data.approval).every(Boolean)).toBe(true);
  });
  afterAll(async () => ctx.close());

  async function processing(t: LetterType = ku): Promise<number> {
    const created = await asResident('POST', t.base, example(t.code));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const moved = await asClerk('POST', `${t.base}/${id}/status`, { status: 'processing' });
    expect(moved.statusCode, moved.body).toBe(200);
    return id;
  }

  async function awaiting(
    t: LetterType = ku,
    note = 'Sudah dicocokkan dengan KK.',
  ): Promise<number> {
    const id = await processing(t);
    const sent = await asClerk('POST', `${t.base}/${id}/status`, {
      status: 'awaiting_signature',
      note,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('awaiting_signature');
    expect(sent.json().data.status_label).toBe('Menunggu Tanda Tangan');
    return id;
  }

  /** Once a Kepala Desa is named, only they change the settings, with their password (issue 18). */
  const headSets = (body: Record<string, unknown>) =>
    asHead('PUT', '/api/settings/signing', { ...body, confirmation: { password: PASSWORD } });

  const setAway = (from: string | null, until: string | null) =>
    headSets({ head_away_from: from, head_away_until: until });

  it('the clerk sends for signature instead of issuing; the actions say so', async () => {
    const id = await processing();
    const detail = await asClerk('GET', `${ku.base}/${id}`);
    const labels = detail.json().data.actions.map((a: { label: string }) => a.label);
    expect(labels).toContain('Ajukan Tanda Tangan');
    expect(labels).not.toContain('Terbitkan Surat');
    const direct = await asClerk('POST', `${ku.base}/${id}/status`, { status: 'completed' });
    expect(direct.statusCode).toBe(409);
    expect(direct.json().message).toBe(
      'Surat jenis ini perlu disetujui Kepala Desa. Pilih Ajukan Tanda Tangan.',
    );
    const sent = await asClerk('POST', `${ku.base}/${id}/status`, { status: 'awaiting_signature' });
    expect(sent.statusCode, sent.body).toBe(200);
    // Nobody edits a letter awaiting signature: the signer approves what they saw.
    const edit = await asClerk('PUT', `${ku.base}/${id}`, { purpose: 'Lain sama sekali' });
    expect(edit.statusCode).toBe(409);
    const clerkView = await asClerk('GET', `${ku.base}/${id}`);
    expect(clerkView.json().data.actions).toEqual([]);
    const headView = await asHead('GET', `${ku.base}/${id}`);
    expect(headView.json().data.actions.map((a: { label: string }) => a.label)).toEqual([
      'Kembalikan',
    ]);
  });

  it('a type without approval is issued in one step, printed with the Kepala Desa account', async () => {
    const k = letterTypeByCode('k')!;
    const off = await headSets({ approval: { k: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.approval).toMatchObject({ k: false, ku: true });
    try {
      const id = await processing(k);
      const toSign = await asClerk('POST', `${k.base}/${id}/status`, {
        status: 'awaiting_signature',
      });
      expect(toSign.statusCode).toBe(409);
      const done = await asClerk('POST', `${k.base}/${id}/status`, { status: 'completed' });
      expect(done.statusCode, done.body).toBe(200);
      const pdf = await asResident('GET', `${k.base}/${id}/pdf`);
      const text = squash(pdfText(pdf.rawPayload));
      expect(text).toContain('H. Ahmad Suryadi');
      expect(text).toContain('NIP. 19700101 199001 1 001');
      expect(text).not.toContain('Ditandatangani secara elektronik');
      const detail = await asResident('GET', `${k.base}/${id}`);
      expect(detail.json().data.signature).toBeNull();
    } finally {
      await headSets({ approval: { k: true } });
    }
  });

  it('the signer sees the queue and is notified; the resident sees what it means', async () => {
    const id = await awaiting(ku, 'Foto usaha sudah dicek.');
    const me = await asHead('GET', '/api/signing/me');
    expect(me.json().data).toMatchObject({ is_head: true, can_sign: true, signs_on_behalf: false });
    expect(me.json().data.waiting).toBeGreaterThan(0);
    const queue = await asHead('GET', '/api/signing/queue?per_page=100');
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().data.find((x: { id: number }) => x.id === id);
    expect(item).toMatchObject({
      reference: `KU-${String(id).padStart(6, '0')}`,
      clerk: { id: ids.clerk, name: 'Petugas Layanan' },
      clerk_note: 'Foto usaha sudah dicek.',
      preview_url: `${ku.base}/${id}/preview`,
    });
    expect(item.applicant.name).toMatch(/\S/);
    // The queue is a list: the applicant's NIK by its last four digits only (issue 18.8).
    expect(item.applicant.nik).toMatch(/^\*{12}\d{4}$/);
    expect(JSON.stringify(queue.json().data)).not.toMatch(/\d{16}/);
    const preview = await asHead('GET', item.preview_url);
    expect(preview.statusCode).toBe(200);
    const draft = squash(pdfText(preview.rawPayload));
    expect(draft).toContain('H. Ahmad Suryadi');
    // "Unduh pratinjau": watermarked, with no QR code (issue 25.3).
    expect(draft).toContain('DRAF — BELUM BERLAKU');
    expect(draft).not.toContain('/verify/');
    expect(draft).not.toContain('Ditandatangani secara elektronik');
    const news = await asHead('GET', '/api/notifications?per_page=100');
    expect(news.json().data.map((n: { title: string }) => n.title)).toContain(
      `Menunggu tanda tangan Anda: Surat Keterangan Usaha KU-${String(id).padStart(6, '0')}`,
    );
    // The clerk and another Kepala Desa account cannot open the queue.
    expect((await asClerk('GET', '/api/signing/queue')).statusCode).toBe(403);
    expect((await asOtherHead('GET', '/api/signing/queue')).statusCode).toBe(403);
    expect((await asResident('GET', '/api/signing/queue')).statusCode).toBe(403);
  });

  it('only the designated signer or the active delegate approves (403 in Indonesian otherwise)', async () => {
    const id = await awaiting();
    for (const [who, as, password] of [
      ['clerk', asClerk, PASSWORD],
      ['another kepala desa', asOtherHead, PASSWORD],
      ['secretary without delegation', asSecretary, PASSWORD],
      ['resident', asResident, PASSWORD],
    ] as const) {
      const res = await as('POST', '/api/signing/approve', { ids: [id], password });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json().message, who).toMatch(/^Hanya /);
    }
    // Nor through the plain status change, even for the signer (that needs the password).
    const plain = await asHead('POST', `${ku.base}/${id}/status`, { status: 'completed' });
    expect(plain.statusCode).toBe(403);
    const still = await asClerk('GET', `${ku.base}/${id}`);
    expect(still.json().data.status).toBe('awaiting_signature');
    expect(still.json().data.number).toBeNull();
  });

  it('a wrong password or PIN is refused and nothing is issued; bad input is a 422', async () => {
    const id = await awaiting();
    const wrong = await asHead('POST', '/api/signing/approve', {
      ids: [id],
      password: 'salah-sekali',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['Kata sandi salah.'] });
    const noPin = await asHead('POST', '/api/signing/approve', { ids: [id], pin: '135790' });
    expect(noPin.statusCode).toBe(422);
    expect(noPin.json().errors.pin[0]).toMatch(/belum membuat PIN/);
    for (const body of [
      { ids: [id] },
      { ids: [], password: PASSWORD },
      { ids: ['x'], password: PASSWORD },
      null,
    ]) {
      const res = await asHead('POST', '/api/signing/approve', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().message).toMatch(/[a-z]/);
    }
    const unknown = await asHead('POST', '/api/signing/approve', {
      ids: [id, 2_000_000_000],
      password: PASSWORD,
    });
    expect(unknown.statusCode).toBe(404);
    const after = await asClerk('GET', `${ku.base}/${id}`);
    expect(after.json().data.status).toBe('awaiting_signature');
    expect(after.json().data.number).toBeNull();
    const failures = await listAudit(ctx.testDb.db.kysely, { action: 'signing.confirm_failed' });
    expect(failures.length).toBeGreaterThanOrEqual(1);
  });

  it('approving issues the letter once: the PDF names the signer, the verify answer too', async () => {
    const id = await awaiting();
    const res = await asHead('POST', '/api/signing/approve', { ids: [id], password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('1 surat disetujui dan diterbitkan.');
    const [approved] = res.json().data.approved;
    expect(approved).toMatchObject({
      id,
      signed_on_behalf: false,
      pdf_url: `${ku.base}/${id}/pdf`,
    });
    expect(approved.number).toMatch(/\//);
    const detail = await asResident('GET', `${ku.base}/${id}`);
    expect(detail.json().data.status).toBe('completed');
    expect(detail.json().data.signature).toMatchObject({
      name: 'H. Ahmad Suryadi',
      position: 'kepala_desa',
      position_label: 'Kepala Desa',
      on_behalf: false,
    });
    const pdf = await asResident('GET', `${ku.base}/${id}/pdf`);
    const text = squash(pdfText(pdf.rawPayload));
    expect(text).toContain(
      'Ditandatangani secara elektronik oleh H. Ahmad Suryadi (Kepala Desa) pada',
    );
    expect(text).toContain('NIP. 19700101 199001 1 001');
    const token = new URL(detail.json().data.verify_url).pathname.split('/').pop();
    const verify = await ctx.app.inject({ method: 'GET', url: `/api/verify/${token}` });
    expect(verify.json().data.signature).toMatchObject({
      name: 'H. Ahmad Suryadi',
      position_label: 'Kepala Desa',
      on_behalf: false,
      on_behalf_label: null,
    });
    expect(verify.json().data.signature.signed_at).toBe(detail.json().data.issued_at);
    // The clerk and the resident are told; the approval is audited.
    const clerkNews = await asClerk('GET', '/api/notifications?per_page=100');
    expect(clerkNews.json().data.map((n: { title: string }) => n.title)).toContain(
      `Surat Keterangan Usaha KU-${String(id).padStart(6, '0')} disetujui dan terbit`,
    );
    const audit = await listAudit(ctx.testDb.db.kysely, { action: 'signing.approve' });
    expect(audit.some((a) => a.subject_id === id && a.user_id === ids.head)).toBe(true);
    // A second approval of the same letter is a 409, and changes nothing.
    const again = await asHead('POST', '/api/signing/approve', { ids: [id], password: PASSWORD });
    expect(again.statusCode).toBe(409);
  });

  it('20 concurrent approvals of one letter issue one PDF with one number', async () => {
    const id = await awaiting();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        asHead('POST', '/api/signing/approve', { ids: [id], password: PASSWORD }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const db = ctx.testDb.db.kysely;
    const histories = await db
      .selectFrom('pdf_histories')
      .selectAll()
      .where('letter_request_id', '=', id)
      .execute();
    expect(histories).toHaveLength(1);
    const signatures = await db
      .selectFrom('letter_signatures')
      .selectAll()
      .where('letter_request_id', '=', id)
      .execute();
    expect(signatures).toHaveLength(1);
    const completedEvents = await db
      .selectFrom('letter_events')
      .select('id')
      .where('letter_request_id', '=', id)
      .where('to_status', '=', 'completed')
      .execute();
    expect(completedEvents).toHaveLength(1);
    const row = await db
      .selectFrom('letter_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.number).toBe(histories[0]!.number);
    // The sequence moved by one: the next letter takes the number right after.
    const next = await awaiting();
    const ok = await asHead('POST', '/api/signing/approve', { ids: [next], password: PASSWORD });
    const seq = (n: string) => Number(n.split('/')[1]);
    expect(seq(ok.json().data.approved[0].number)).toBe(seq(row.number!) + 1);
  });

  it('several letters at once, with a PIN', async () => {
    const pin = await asHead('PUT', '/api/signing/pin', { password: PASSWORD, pin: '135790' });
    expect(pin.statusCode, pin.body).toBe(200);
    const weak = await asHead('PUT', '/api/signing/pin', { password: PASSWORD, pin: '111111' });
    expect(weak.statusCode).toBe(422);
    const me = await asHead('GET', '/api/profile');
    expect(me.json().data).toMatchObject({ has_signing_pin: true, position: 'kepala_desa' });
    expect(me.body).not.toMatch(/argon2|signing_pin_hash/);
    const a = await awaiting();
    const b = await awaiting(letterTypeByCode('kdtt')!);
    const wrong = await asHead('POST', '/api/signing/approve', { ids: [a, b], pin: '135791' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ pin: ['PIN salah.'] });
    const res = await asHead('POST', '/api/signing/approve', { ids: [a, b], pin: '135790' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.approved.map((x: { id: number }) => x.id)).toEqual([a, b]);
    const audit = await listAudit(ctx.testDb.db.kysely, { action: 'signing.approve' });
    expect(
      audit
        .filter((x) => x.subject_id === a || x.subject_id === b)
        .every((x) => JSON.parse(x.detail!).method === 'pin'),
    ).toBe(true);
  });

  it('a returned letter keeps its data, goes back to Diproses with the note, the clerk is told', async () => {
    const id = await awaiting();
    const before = (await asClerk('GET', `${ku.base}/${id}`)).json().data;
    const noNote = await asHead('POST', `/api/signing/requests/${id}/return`, { note: '  ' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.note).toEqual(['Catatan pengembalian wajib diisi.']);
    const byClerk = await asClerk('POST', `/api/signing/requests/${id}/return`, { note: 'x' });
    expect(byClerk.statusCode).toBe(403);
    const res = await asHead('POST', `/api/signing/requests/${id}/return`, {
      note: 'Nama usaha di surat berbeda dengan foto.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await asClerk('GET', `${ku.base}/${id}`)).json().data;
    expect(after.status).toBe('processing');
    expect(after.note).toBe('Nama usaha di surat berbeda dengan foto.');
    expect(after.fields).toEqual(before.fields);
    expect(after.applicant).toEqual(before.applicant);
    expect(after.number).toBeNull();
    const news = await asClerk('GET', '/api/notifications?per_page=100');
    const returned = news
      .json()
      .data.find((n: { title: string }) => n.title.includes('dikembalikan'));
    expect(returned.body).toContain('Nama usaha di surat berbeda dengan foto.');
    const resident = await asResident('GET', '/api/notifications?per_page=100');
    const told = resident
      .json()
      .data.find((n: { title: string }) => n.title.includes('diperiksa kembali'));
    expect(told.body).not.toContain('Nama usaha');
    expect(
      (await listAudit(ctx.testDb.db.kysely, { action: 'signing.return' })).some(
        (x) => x.subject_id === id,
      ),
    ).toBe(true);
    // It can be sent again and approved.
    const again = await asClerk('POST', `${ku.base}/${id}/status`, {
      status: 'awaiting_signature',
    });
    expect(again.statusCode).toBe(200);
  });

  it('during a delegation the Sekretaris Desa signs "a.n. Kepala Desa"', async () => {
    const missing = await headSets({ head_away_from: '2026-01-01' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.head_away_until).toBeDefined();
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await setAway(today, today)).statusCode).toBe(200);
    try {
      const id = await awaiting();
      const me = await asSecretary('GET', '/api/signing/me');
      expect(me.json().data).toMatchObject({ can_sign: true, signs_on_behalf: true });
      const res = await asSecretary('POST', '/api/signing/approve', {
        ids: [id],
        password: PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.approved[0].signed_on_behalf).toBe(true);
      const detail = (await asResident('GET', `${ku.base}/${id}`)).json().data;
      const text = squash(pdfText((await asResident('GET', `${ku.base}/${id}/pdf`)).rawPayload));
      expect(text).toContain('a.n. Kepala Desa');
      expect(text).toContain('Rina Marlina (Sekretaris Desa, a.n. Kepala Desa)');
      const token = new URL(detail.verify_url).pathname.split('/').pop();
      const verify = await ctx.app.inject({ method: 'GET', url: `/api/verify/${token}` });
      expect(verify.json().data.signature).toMatchObject({
        name: 'Rina Marlina',
        position: 'sekretaris_desa',
        on_behalf: true,
        on_behalf_label: 'a.n. Kepala Desa',
      });
    } finally {
      expect((await setAway(null, null)).statusCode).toBe(200);
    }
    // The Kepala Desa sets their own dates; nobody else can.
    expect(
      (await asSecretary('PUT', '/api/signing/delegation', { from: today, until: today }))
        .statusCode,
    ).toBe(403);
    const own = await asHead('PUT', '/api/signing/delegation', {
      from: today,
      until: today,
      confirmation: { password: PASSWORD },
    });
    expect(own.statusCode, own.body).toBe(200);
    const ended = await asHead('DELETE', '/api/signing/delegation');
    expect(ended.statusCode).toBe(200);
    const audit = await listAudit(ctx.testDb.db.kysely, { action: 'signing.delegation' });
    expect(audit.length).toBeGreaterThanOrEqual(4);
    expect((await asSecretary('GET', '/api/signing/me')).json().data.can_sign).toBe(false);
  });

  it('settings name only active administrators of the right position; a named signer keeps it', async () => {
    const bad = await headSets({ head_user_id: ids.clerk });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.head_user_id).toEqual([
      'Kepala Desa harus akun administrator aktif dengan jabatan Kepala Desa.',
    ]);
    const demote = await asClerk('PUT', `/api/users/update/${ids.head}`, { position: 'operator' });
    expect(demote.statusCode).toBe(409);
    const residentPosition = await asClerk('POST', '/api/users/create', {
      name: 'Warga Berjabatan',
      email: 'warga.jabatan@uji.desa.id',
      password: 'rahasia-desa-456',
      role: 'WARGA',
      position: 'kepala_desa',
    });
    expect(residentPosition.statusCode).toBe(422);
    expect(residentPosition.json().errors.position).toEqual([
      'Jabatan hanya untuk akun administrator.',
    ]);
    const settings = await asClerk('GET', '/api/settings/signing');
    expect(settings.json().data.head_user_id).toBe(ids.head);
    expect(settings.json().data.approval_types).toHaveLength(LETTER_TYPES.length);
  });

  it('a signature image is printed on the approved letter (kept as a PNG artifact)', async () => {
    // A handwritten-looking signature, drawn as the scan of one would be: ink on white paper.
    const png = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="600" height="240" fill="#fff"/>' +
          '<path d="M40 170 C 90 40, 140 40, 160 150 S 230 200, 260 110 S 330 40, 360 150 S 450 190, 560 90" ' +
          'stroke="#1e3a8a" stroke-width="9" fill="none" stroke-linecap="round"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const boundary = 'signbound';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ttd.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await asHead('POST', '/api/signing/signature', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(up.statusCode, up.body).toBe(201);
    const mine = await asHead('GET', '/api/signing/signature');
    expect(mine.headers['content-type']).toBe('image/png');
    expect((await asClerk('GET', '/api/signing/signature')).statusCode).toBe(404);
    const id = await awaiting();
    const res = await asHead('POST', '/api/signing/approve', { ids: [id], password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = (await asResident('GET', `${ku.base}/${id}/pdf`)).rawPayload;
    // No village logo in tests, so the one image is the signature.
    expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    expect(squash(pdfText(pdf))).toContain(
      'Ditandatangani secara elektronik oleh H. Ahmad Suryadi',
    );
    // One page, and a picture of it to look at (git-ignored, like the letters' PNGs).
    const dir = path.resolve(import.meta.dirname, '../../../e2e/artifacts/signing');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `approved-letter-${process.env.TEST_DB ?? 'sqlite'}.pdf`);
    fs.writeFileSync(file, pdf);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, file.replace(/\.pdf$/, '')]);
    expect(fs.existsSync(file.replace(/\.pdf$/, '.png'))).toBe(true);
  });
});
