import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterTypeByCode, requestReference } from '@balai/domain';
import { createTestApp, login, makeUser, type TestContext } from './helpers.ts';
import { client, example, makeResident } from './letter-helpers.ts';

const kks = letterTypeByCode('kks')!;
const ref = (id: number) => requestReference('kks', id);

/** Notifications: who is told what, and the resident's own inbox. */
describe('notifications', () => {
  let ctx: TestContext;
  let asAdmin: ReturnType<typeof client>;
  let asAdmin2: ReturnType<typeof client>;
  let asResident: ReturnType<typeof client>;
  let asOther: ReturnType<typeof client>;
  let requestId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '0' } });
    const db = ctx.testDb.db;
    asAdmin = client(
      ctx.app,
      await login(ctx.app, (await makeUser(db, { role: 'ADMINISTRATOR' })).email),
    );
    asAdmin2 = client(
      ctx.app,
      await login(ctx.app, (await makeUser(db, { role: 'ADMINISTRATOR' })).email),
    );
    // An inactive administrator is not told anything.
    await makeUser(db, { role: 'ADMINISTRATOR', active: false });
    asResident = client(
      ctx.app,
      await login(ctx.app, (await makeResident(db, { name: 'Dewi Lestari' })).email),
    );
    asOther = client(ctx.app, await login(ctx.app, (await makeResident(db)).email));
  });
  afterAll(async () => ctx.close());

  it('tells every active administrator about a new request, with a link to the admin page', async () => {
    const res = await asResident('POST', kks.base, example('kks'));
    requestId = res.json().data.id;
    for (const as of [asAdmin, asAdmin2]) {
      const list = (await as('GET', '/api/notifications')).json();
      expect(list.data[0]).toMatchObject({
        title: 'Permohonan baru: Surat Keterangan KTP Dalam Proses',
        body: 'Dewi Lestari mengajukan Surat Keterangan KTP Dalam Proses.',
        link: `/admin/service-kks/${requestId}`,
        read: false,
        read_at: null,
      });
    }
    expect((await asResident('GET', '/api/notifications')).json().meta.total).toBe(0);
  });

  it("tells the resident of every change an administrator makes, with the office's note", async () => {
    await asAdmin('PUT', `${kks.base}/${requestId}`, {
      status: 'needs_revision',
      note: 'Lampirkan surat kehilangan dari Polsek.',
    });
    const [latest] = (await asResident('GET', '/api/notifications')).json().data;
    expect(latest).toMatchObject({
      title: `Surat Keterangan KTP Dalam Proses ${ref(requestId)} perlu dilengkapi`,
      body: 'Permohonan Surat Keterangan KTP Dalam Proses Anda perlu dilengkapi. Catatan petugas: Lampirkan surat kehilangan dari Polsek.',
      link: `/service/kks/${requestId}`,
    });

    // The resident completes the request: administrators hear it was resubmitted.
    await asResident('PUT', `${kks.base}/${requestId}`, {
      purpose: 'Pencairan bantuan, surat kehilangan terlampir',
    });
    expect((await asAdmin2('GET', '/api/notifications')).json().data[0]).toMatchObject({
      title: `Surat Keterangan KTP Dalam Proses ${ref(requestId)} diajukan ulang`,
      link: `/admin/service-kks/${requestId}`,
    });

    await asAdmin('PUT', `${kks.base}/${requestId}`, { status: 'processing' });
    const done = (await asAdmin('PUT', `${kks.base}/${requestId}`, { status: 'completed' })).json()
      .data;
    const titles = (await asResident('GET', '/api/notifications'))
      .json()
      .data.map((n: { title: string }) => n.title);
    // Each names the letter and the request, so the list never repeats one title.
    expect(titles).toEqual([
      `Surat Keterangan KTP Dalam Proses ${ref(requestId)} sudah terbit`,
      `Surat Keterangan KTP Dalam Proses ${ref(requestId)} sedang diproses`,
      `Surat Keterangan KTP Dalam Proses ${ref(requestId)} perlu dilengkapi`,
    ]);
    const issued = (await asResident('GET', '/api/notifications')).json().data[0];
    expect(issued.body).toContain(done.number);
  });

  it('tells administrators when a resident cancels, and rejections carry the reason', async () => {
    const cancelled = (await asResident('POST', kks.base, example('kks'))).json().data.id;
    await asResident('PUT', `${kks.base}/${cancelled}`, {
      status: 'cancelled',
      note: 'Sudah tidak diperlukan.',
    });
    expect((await asAdmin('GET', '/api/notifications')).json().data[0]).toMatchObject({
      title: `Surat Keterangan KTP Dalam Proses ${ref(cancelled)} dibatalkan`,
      body: 'Dewi Lestari membatalkan permohonan Surat Keterangan KTP Dalam Proses. Catatan: Sudah tidak diperlukan.',
    });
    const rejected = (await asResident('POST', kks.base, example('kks'))).json().data.id;
    await asAdmin('PUT', `${kks.base}/${rejected}`, {
      status: 'rejected',
      note: 'NIK tidak terdaftar di desa ini.',
    });
    expect((await asResident('GET', '/api/notifications')).json().data[0].body).toBe(
      'Permohonan Surat Keterangan KTP Dalam Proses Anda ditolak. Alasan: NIK tidak terdaftar di desa ini.',
    );
  });

  it('lists newest first with pages, counts the unread, and marks one or all as read', async () => {
    const first = await asResident('GET', '/api/notifications?per_page=2');
    expect(first.json().data).toHaveLength(2);
    const total = first.json().meta.total as number;
    expect(total).toBe(4);
    expect(first.json().meta).toEqual({ page: 1, per_page: 2, total, last_page: 2 });
    const dates = (await asResident('GET', '/api/notifications'))
      .json()
      .data.map((n: { created_at: string; id: number }) => n.id);
    expect(dates).toEqual([...dates].sort((a: number, b: number) => b - a));

    expect((await asResident('GET', '/api/notifications/unread-count')).json()).toEqual({
      data: { count: total },
    });
    const id = first.json().data[0].id;
    const detail = await asResident('GET', `/api/notifications/${id}`);
    expect(detail.json().data.id).toBe(id);
    expect(detail.json().data.read).toBe(false);

    const read = await asResident('PUT', `/api/notifications/${id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.read).toBe(true);
    const readAt = read.json().data.read_at;
    // Marking again keeps the first moment; POST works the same as PUT.
    const again = await asResident('POST', `/api/notifications/${id}/read`);
    expect(again.json().data.read_at).toBe(readAt);
    expect((await asResident('GET', '/api/notifications/unread-count')).json().data.count).toBe(
      total - 1,
    );
    expect((await asResident('GET', '/api/notifications?unread=true')).json().meta.total).toBe(
      total - 1,
    );

    const all = await asResident('POST', '/api/notifications/read-all');
    expect(all.json().data.updated).toBe(total - 1);
    expect((await asResident('GET', '/api/notifications/unread-count')).json().data.count).toBe(0);
    // Other people's inboxes are untouched.
    expect(
      (await asAdmin('GET', '/api/notifications/unread-count')).json().data.count,
    ).toBeGreaterThan(0);
  });

  it("answers 404 for someone else's notification and for ones that do not exist", async () => {
    const mine = (await asResident('GET', '/api/notifications')).json().data[0].id;
    for (const [method, url] of [
      ['GET', `/api/notifications/${mine}`],
      ['PUT', `/api/notifications/${mine}/read`],
      ['GET', '/api/notifications/999999'],
      ['GET', '/api/notifications/abc'],
    ] as const) {
      const res = await asOther(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/tidak ditemukan/);
    }
    expect((await client(ctx.app, null)('GET', '/api/notifications')).statusCode).toBe(401);
  });
});
