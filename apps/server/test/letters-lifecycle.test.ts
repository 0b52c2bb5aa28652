import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LETTER_STATUSES,
  LETTER_TRANSITIONS,
  transitionApplies,
  letterTypeByCode,
  type LetterStatus,
} from '@balai/domain';
import { listAudit } from '../src/repositories/audit-log.ts';
import { updateLetterRequestIfStatus } from '../src/repositories/letter-requests.ts';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import {
  FULL_PROFILE,
  client,
  example,
  makeResident,
  NO_SUBMISSION_CAPS,
} from './letter-helpers.ts';

const ku = letterTypeByCode('ku')!;
const base = ku.base;

/** The lifecycle of DESIGN section 4, as residents and administrators meet it. */
describe('letter lifecycle', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let residentId: number;
  let adminId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0', ...NO_SUBMISSION_CAPS } });
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR', name: 'Admin Desa' });
    adminId = admin.id;
    const resident = await makeResident(ctx.testDb.db, { name: 'Budi Santoso' });
    residentId = resident.id;
    asAdmin = client(ctx.app, await login(ctx.app, admin.email));
    asResident = client(ctx.app, await login(ctx.app, resident.email));
  });
  afterAll(async () => ctx.close());

  const file = async () => {
    const res = await asResident('POST', base, example('ku'));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  /** A fresh request brought to `status` by the allowed path. */
  async function requestIn(status: LetterStatus): Promise<number> {
    const id = await file();
    const steps: Record<LetterStatus, [client: 'admin' | 'resident', body: object][]> = {
      submitted: [],
      processing: [['admin', { status: 'processing' }]],
      needs_revision: [['admin', { status: 'needs_revision', note: 'Lampirkan foto usaha.' }]],
      completed: [
        ['admin', { status: 'processing' }],
        ['admin', { status: 'completed' }],
      ],
      rejected: [['admin', { status: 'rejected', note: 'Bukan warga desa ini.' }]],
      cancelled: [['resident', { status: 'cancelled' }]],
      // Reached only once a Kepala Desa account is set (test/signing.test.ts); without one
      // letters are issued in one step and this status is never entered.
      awaiting_signature: [],
    };
    for (const [who, body] of steps[status]) {
      const res = await (who === 'admin' ? asAdmin : asResident)('PUT', `${base}/${id}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  }

  it('allows exactly the transitions of the design, for the right role; anything else is 409 or 403', async () => {
    // No Kepala Desa account is set here, so every type is issued in one step; the changes
    // around signing are tested in signing.test.ts.
    for (const from of LETTER_STATUSES.filter((s) => s !== 'awaiting_signature')) {
      for (const to of LETTER_STATUSES) {
        if (from === to) continue;
        const found = LETTER_TRANSITIONS.find((t) => t.from === from && t.to === to);
        const transition = found && transitionApplies(found) ? found : undefined;
        for (const role of ['ADMINISTRATOR', 'WARGA'] as const) {
          const id = await requestIn(from);
          const as = role === 'ADMINISTRATOR' ? asAdmin : asResident;
          const res = await as('PUT', `${base}/${id}`, { status: to, note: 'Catatan uji.' });
          const label = `${role} ${from} → ${to}`;
          const everAllowed = LETTER_TRANSITIONS.some(
            (t) => t.to === to && t.actors.includes(role),
          );
          if (transition?.actors.includes(role)) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
            expect(res.json().data.status).toBe(to);
          } else if (!everAllowed || transition) {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
          } else {
            expect(res.statusCode, `${label}: ${res.body}`).toBe(409);
            // Sending for signature exists, but not while no Kepala Desa account is named.
            expect(res.json().message).toMatch(
              found ? /Kepala Desa belum ditetapkan/ : /Status surat tidak dapat diubah dari/,
            );
          }
        }
      }
    }
  });

  it('requires a note to ask for more documents or to refuse', async () => {
    for (const status of ['needs_revision', 'rejected']) {
      const id = await file();
      for (const note of [undefined, '', '   ']) {
        const res = await asAdmin('PUT', `${base}/${id}`, {
          status,
          ...(note === undefined ? {} : { note }),
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.note).toEqual(['Catatan wajib diisi untuk perubahan status ini.']);
      }
      const viaStatusRoute = await asAdmin('POST', `${base}/${id}/status`, { status });
      expect(viaStatusRoute.statusCode).toBe(422);
      expect(viaStatusRoute.json().errors.note).toBeDefined();
      const ok = await asAdmin('POST', `${base}/${id}/status`, { status, note: 'Foto KTP buram.' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status, note: 'Foto KTP buram.' });
      expect(ok.json().data.events.at(-1)).toMatchObject({
        to_status: status,
        note: 'Foto KTP buram.',
        actor_name: 'Admin Desa',
      });
    }
  });

  it('lets the resident edit while submitted, resubmits when it needed revision, and closes editing afterwards', async () => {
    const id = await file();
    const edited = await asResident('PUT', `${base}/${id}`, {
      business_name: 'Warung Berkah Jaya',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      status: 'submitted',
      fields: { business_name: 'Warung Berkah Jaya', business_type: 'Warung sembako' },
    });

    // The merged request is validated as a whole: a required field cannot be emptied.
    const emptied = await asResident('PUT', `${base}/${id}`, { business_type: '' });
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().errors.business_type).toEqual(['Jenis Usaha wajib diisi.']);

    await asAdmin('PUT', `${base}/${id}`, {
      status: 'needs_revision',
      note: 'Alamat usaha kurang lengkap.',
    });
    const resident = await asResident('GET', `${base}/${id}`);
    expect(resident.json().data).toMatchObject({
      status: 'needs_revision',
      note: 'Alamat usaha kurang lengkap.',
      editable: true,
    });
    expect(resident.json().data.actions.map((a: { status: string }) => a.status)).toEqual([
      'cancelled',
    ]);

    const resubmitted = await asResident('PUT', `${base}/${id}`, {
      business_address: 'Jl. Raya Sukamaju No. 12, RT 001 RW 003, Desa Sukamaju',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().data).toMatchObject({ status: 'submitted', note: null });
    // Filed, edited (a line of its own, with what changed), sent back, resubmitted with changes.
    const events = resubmitted.json().data.events;
    expect(events.map((e: { to_status: string }) => e.to_status)).toEqual([
      'submitted',
      'submitted',
      'needs_revision',
      'submitted',
    ]);
    expect(events[1]).toMatchObject({
      from_status: 'submitted',
      changes: [{ field: 'business_name', new: 'Warung Berkah Jaya' }],
    });
    expect(events[3].changes.map((c: { field: string }) => c.field)).toEqual(['business_address']);
    // Residents see what happened, not who at the office did it.
    expect(
      resubmitted.json().data.events.every((e: { actor_name: unknown }) => e.actor_name === null),
    ).toBe(true);

    await asAdmin('PUT', `${base}/${id}`, { status: 'processing' });
    const late = await asResident('PUT', `${base}/${id}`, { business_name: 'Terlambat' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      /hanya dapat diubah selama berstatus "Diajukan" atau "Perlu Dilengkapi"/,
    );
    const lateCancel = await asResident('PUT', `${base}/${id}`, { status: 'cancelled' });
    expect(lateCancel.statusCode).toBe(409);

    const nothing = await asResident('PUT', `${base}/${await file()}`, {});
    expect(nothing.statusCode).toBe(422);
  });

  it('takes the applicant block afresh from the profile when the resident saves again', async () => {
    const id = await file();
    await ctx.testDb.db.kysely
      .updateTable('users')
      .set({ occupation: 'Wiraswasta' })
      .where('id', '=', residentId)
      .execute();
    const saved = await asResident('PUT', `${base}/${id}`, { employee_count: 3 });
    expect(saved.json().data.applicant.occupation).toBe('Wiraswasta');
    await ctx.testDb.db.kysely
      .updateTable('users')
      .set({ occupation: FULL_PROFILE.occupation })
      .where('id', '=', residentId)
      .execute();
  });

  it('refuses a resident whose profile lacks applicant data, listing what is missing', async () => {
    const incomplete = await makeUser(ctx.testDb.db, { name: 'Warga Baru' });
    const as = client(ctx.app, await login(ctx.app, incomplete.email));
    const res = await as('POST', base, example('ku'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Lengkapi profil Anda sebelum mengajukan surat. Data yang belum diisi: Tempat lahir, Tanggal lahir, Jenis kelamin, Agama, Status perkawinan, Pekerjaan, Pendidikan, Kewarganegaraan, Alamat.',
    );
    expect(res.json().errors.profile).toContain('Tempat lahir wajib diisi.');
  });

  it('lets an administrator file for a registered resident or for a person whose data they type', async () => {
    const forResident = await asAdmin('POST', base, { ...example('ku'), applicant_id: residentId });
    expect(forResident.statusCode, forResident.body).toBe(201);
    expect(forResident.json().data).toMatchObject({
      applicant_user_id: residentId,
      applicant: { name: 'Budi Santoso' },
    });
    // The resident sees it as their own and is told about it.
    const mine = await asResident('GET', `${base}/${forResident.json().data.id}`);
    expect(mine.statusCode).toBe(200);
    const notes = (await asResident('GET', '/api/notifications')).json().data;
    expect(notes[0]).toMatchObject({
      title: 'Permohonan Surat Keterangan Usaha dibuat untuk Anda',
      link: `/service/ku/${forResident.json().data.id}`,
    });

    const typed = {
      name: 'Ujang Suherman',
      nik: '3201010101700009',
      birth_place: 'Bogor',
      birth_date: '1970-01-01',
      gender: 'Laki-laki',
      religion: 'Islam',
      marital_status: 'Kawin',
      occupation: 'Petani',
      education: 'SD/Sederajat',
      nationality: 'WNI',
      address: 'Kp. Cisalak',
    };
    const forPerson = await asAdmin('POST', base, { ...example('ku'), applicant: typed });
    expect(forPerson.statusCode, forPerson.body).toBe(201);
    expect(forPerson.json().data).toMatchObject({
      applicant_user_id: null,
      applicant: { name: 'Ujang Suherman', kk_number: null },
    });

    const badTyped = await asAdmin('POST', base, {
      ...example('ku'),
      applicant: { ...typed, nik: '123', gender: 'Pria' },
    });
    expect(badTyped.statusCode).toBe(422);
    expect(badTyped.json().errors['applicant.nik']).toEqual(['NIK harus 16 digit angka.']);
    expect(badTyped.json().errors['applicant.gender']).toBeDefined();

    const nobody = await asAdmin('POST', base, example('ku'));
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.applicant_id).toEqual([
      'Pilih warga pemohon atau isi data pemohon.',
    ]);
    const notResident = await asAdmin('POST', base, { ...example('ku'), applicant_id: adminId });
    expect(notResident.statusCode).toBe(422);
    expect(notResident.json().errors.applicant_id).toEqual(['Warga pemohon tidak ditemukan.']);

    // Residents file only for themselves.
    const onBehalf = await asResident('POST', base, { ...example('ku'), applicant_id: adminId });
    expect(onBehalf.statusCode).toBe(403);
    const typedByResident = await asResident('POST', base, { ...example('ku'), applicant: typed });
    expect(typedByResident.statusCode).toBe(403);
  });

  it('serves the PDF only once issued, the same bytes every time, as a private download', async () => {
    const pending = await requestIn('processing');
    const early = await asResident('GET', `${base}/${pending}/pdf`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/belum terbit/);

    const id = await requestIn('completed');
    const first = await asResident('GET', `${base}/${id}/pdf`);
    const second = await asAdmin('GET', `${base}/${id}/pdf`);
    expect(first.statusCode).toBe(200);
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    expect(first.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(first.headers['content-disposition']).toMatch(
      /^attachment; filename="surat-keterangan-usaha-500-\d{3}-[ivx]+-\d{4}\.pdf"$/,
    );
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lets an administrator delete only cancelled or rejected requests', async () => {
    for (const status of ['submitted', 'processing', 'completed', 'needs_revision'] as const) {
      const id = await requestIn(status);
      const res = await asAdmin('DELETE', `${base}/${id}`);
      expect(res.statusCode, status).toBe(409);
    }
    for (const status of ['cancelled', 'rejected'] as const) {
      const id = await requestIn(status);
      expect((await asResident('DELETE', `${base}/${id}`)).statusCode).toBe(403);
      const res = await asAdmin('DELETE', `${base}/${id}`);
      expect(res.statusCode).toBe(200);
      expect((await asAdmin('GET', `${base}/${id}`)).statusCode).toBe(404);
    }
  });

  it('changes a request only if it still has the status its author saw', async () => {
    const id = await requestIn('processing');
    const db = ctx.testDb.db.kysely;
    const now = new Date().toISOString();
    const [a, b] = await Promise.all([
      updateLetterRequestIfStatus(db, id, 'processing', { status: 'rejected', note: 'x', now }),
      updateLetterRequestIfStatus(db, id, 'processing', {
        status: 'needs_revision',
        note: 'y',
        now,
      }),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
  });

  it('audits every administrator view, status change and PDF download, never with a full NIK', async () => {
    const id = await requestIn('completed');
    await asAdmin('GET', `${base}/${id}`);
    await asResident('GET', `${base}/${id}`);
    await asResident('GET', `${base}/${id}/pdf`);
    const rows = (await listAudit(ctx.testDb.db.kysely, { limit: 500 })).filter(
      (r) => r.subject_id === id,
    );
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === 'letter.view')).toHaveLength(1);
    expect(actions.filter((a) => a === 'letter.status')).toHaveLength(2);
    expect(actions.filter((a) => a === 'letter.pdf_download')).toHaveLength(1);
    expect(actions).toContain('letter.create');
    const all = await listAudit(ctx.testDb.db.kysely, { limit: 5000 });
    const nik = (
      await ctx.testDb.db.kysely
        .selectFrom('users')
        .select('nik')
        .where('id', '=', residentId)
        .executeTakeFirstOrThrow()
    ).nik!;
    expect(JSON.stringify(all)).not.toContain(nik);
  });

  it('answers 404 for requests that do not exist, ids that are not numbers, and requests of another type', async () => {
    const id = await file();
    for (const url of [
      `${base}/999999`,
      `${base}/abc`,
      `${letterTypeByCode('k')!.base}/${id}`,
      `${letterTypeByCode('k')!.base}/${id}/pdf`,
    ]) {
      const res = await asAdmin('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Budi');
    }
  });
});
