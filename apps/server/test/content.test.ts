import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_RESOURCES,
  contentResourceByKey,
  contentSchema,
  maxLengthOf,
  msg,
  type ContentResource,
} from '@balai/domain';
import { schemaCases } from '../../../packages/domain/src/testing/schema-cases.ts';
import { contentTable, countContent } from '../src/repositories/content.ts';
import { insertFile } from '../src/repositories/files.ts';
import { exampleBody, storeKeptImage } from './content-fixtures.ts';
import { bearer, createTestApp, login, makeUser, onPostgres, type TestContext } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Item = Record<string, unknown> & { id: number };

const resource = (key: string): ContentResource => {
  const r = contentResourceByKey(key);
  if (!r) throw new Error(key);
  return r;
};

describe('content engine: every resource of the registry', () => {
  let ctx: TestContext;
  let adminToken: string;
  let residentToken: string;
  let image: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    adminToken = await login(ctx.app, admin.email);
    const resident = await makeUser(ctx.testDb.db);
    residentToken = await login(ctx.app, resident.email);
    image = await storeKeptImage(ctx.testDb.db, 800, 600);
  });
  afterAll(async () => ctx.close());

  const call = (token: string | null, method: Method, url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const asAdmin = (method: Method, url: string, payload?: object) =>
    call(adminToken, method, url, payload);
  const count = (r: ContentResource) => countContent(ctx.testDb.db.kysely, r);

  /** A record to point references at (the walk's own records come and go). */
  async function referenceTarget(r: ContentResource): Promise<number | null> {
    const f = r.fields.find((x) => x.kind === 'reference');
    if (!f?.references) return null;
    const target = resource(f.references);
    const res = await asAdmin('POST', target.base, exampleBody(target, { image, reference: null }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  }

  describe.each(CONTENT_RESOURCES.map((r) => [r.key, r] as const))('%s', (_key, r) => {
    it('walks create → list → detail → update → delete', async () => {
      const reference = await referenceTarget(r);
      const body = exampleBody(r, { image, reference });
      const expected = contentSchema(r).parse(body);

      const created = await asAdmin('POST', r.base, body);
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json().data as Item;
      for (const f of r.fields) expect(item[f.name], f.name).toEqual(expected[f.name]);
      for (const f of r.fields.filter((x) => x.kind === 'image')) {
        expect(item[`${f.name}_url`]).toEqual({
          original: `/files/${image}`,
          thumb: `/files/${image}/thumb`,
          width: 800,
          height: 600,
          thumb_width: 480,
          thumb_height: 360,
        });
      }
      expect(item.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(item.updated_at).toBe(item.created_at);

      const list = await call(null, 'GET', `${r.base}?per_page=100`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toContainEqual(item);
      expect(list.json().meta).toMatchObject({ page: 1, per_page: 100 });

      const detail = await call(null, 'GET', `${r.base}/${item.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toEqual(item);

      // Change the first plain text field; PUT sends the whole record.
      const text = r.fields.find((f) => f.kind === 'text' && !f.pattern && !f.unique);
      const changed = { ...body };
      if (text) {
        changed[text.name] = `Diubah ${String(body[text.name])}`.slice(0, maxLengthOf(text));
      }
      const updated = await asAdmin('PUT', `${r.base}/${item.id}`, changed);
      expect(updated.statusCode, updated.body).toBe(200);
      const after = updated.json().data as Item;
      if (text) expect(after[text.name]).toBe(changed[text.name]);
      expect(after.created_at).toBe(item.created_at);
      expect(String(after.updated_at) >= String(item.updated_at)).toBe(true);
      expect((await call(null, 'GET', `${r.base}/${item.id}`)).json().data).toEqual(after);

      const deleted = await asAdmin('DELETE', `${r.base}/${item.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: `${r.labels.singular} berhasil dihapus.` });
      const gone = await call(null, 'GET', `${r.base}/${item.id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: `${r.labels.singular} tidak ditemukan.` });
      const listAfter = await call(null, 'GET', `${r.base}?per_page=100`);
      expect(listAfter.json().data.map((x: Item) => x.id)).not.toContain(item.id);
    });

    it('lets anonymous visitors read but not write (401), and residents not write (403)', async () => {
      const existing = await asAdmin(
        'POST',
        r.base,
        exampleBody(r, { image, reference: await referenceTarget(r) }),
      );
      expect(existing.statusCode, existing.body).toBe(201);
      const id = existing.json().data.id as number;
      const before = await count(r);
      const body = exampleBody(r, { image, reference: null });
      const writes: [Method, string][] = [
        ['POST', r.base],
        ['PUT', `${r.base}/${id}`],
        ['DELETE', `${r.base}/${id}`],
      ];
      for (const [method, url] of writes) {
        const payload = method === 'DELETE' ? undefined : body;
        const anon = await call(null, method, url, payload);
        expect(anon.statusCode, `anonymous ${method}`).toBe(401);
        expect(anon.json().message).toBe('Silakan masuk terlebih dahulu.');
        const resident = await call(residentToken, method, url, payload);
        expect(resident.statusCode, `resident ${method}`).toBe(403);
        expect(resident.json().message).toBe(
          'Hanya administrator yang dapat melakukan tindakan ini.',
        );
      }
      expect(await count(r)).toBe(before);
      expect((await call(null, 'GET', `${r.base}/${id}`)).json().data).toEqual(
        existing.json().data,
      );
      expect((await call(null, 'GET', r.base)).statusCode).toBe(200);
      await asAdmin('DELETE', `${r.base}/${id}`);
    });

    it('rejects each kind of bad input with a 422 naming the field, and writes nothing', async () => {
      const valid = exampleBody(r, { image, reference: null });
      const before = await count(r);
      const cases = schemaCases(r.fields, valid);
      expect(cases.length).toBeGreaterThan(r.fields.length);
      for (const c of cases) {
        const res = await asAdmin('POST', r.base, c.input);
        expect(res.statusCode, c.title).toBe(422);
        expect(res.json().errors, c.title).toEqual({ [c.field]: [c.message] });
        expect(res.json().message, c.title).toBe(c.message);
      }
      expect(await count(r)).toBe(before);
    });

    it('answers 404 for records that do not exist and ids that are not numbers', async () => {
      const body = exampleBody(r, { image, reference: null });
      for (const [method, url] of [
        ['GET', `${r.base}/999999`],
        ['PUT', `${r.base}/999999`],
        ['DELETE', `${r.base}/999999`],
        ['GET', `${r.base}/abc`],
        ['GET', `${r.base}/0`],
      ] as [Method, string][]) {
        const res = await asAdmin(method, url, method === 'PUT' ? body : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toMatch(/tidak ditemukan/);
      }
    });
  });

  describe('checks only the database can make', () => {
    it('image fields must name a stored image, not a missing file or an issued PDF', async () => {
      const r = resource('homepage-headers');
      const pdf = await insertFile(ctx.testDb.db.kysely, {
        kind: 'pdf',
        mime: 'application/pdf',
        bytes: Buffer.from('%PDF-1.7 surat'),
      });
      const before = await count(r);
      for (const id of [999999, pdf]) {
        const res = await asAdmin('POST', r.base, { ...exampleBody(r, { image }), image: id });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ image: [msg.image('Gambar')] });
      }
      expect(await count(r)).toBe(before);
    });

    it('reports_to must be an existing official, never the official itself or a subordinate', async () => {
      const r = resource('village-structures');
      const make = async (name: string, reportsTo: number | null) => {
        const res = await asAdmin('POST', r.base, {
          ...exampleBody(r, { image, reference: reportsTo }),
          name,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data as Item;
      };
      const head = await make('Kepala Desa Uji', null);
      const secretary = await make('Sekretaris Uji', head.id);
      const kasi = await make('Kasi Uji', secretary.id);
      expect(kasi.reports_to).toBe(secretary.id);

      const missing = await asAdmin('POST', r.base, exampleBody(r, { image, reference: 999999 }));
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.reports_to[0]).toMatch(/Atasan yang dipilih tidak ditemukan/);

      const body = (id: number, reportsTo: number) => ({
        ...exampleBody(r, { image, reference: reportsTo }),
        name: `Aparat ${id}`,
      });
      const self = await asAdmin('PUT', `${r.base}/${head.id}`, body(head.id, head.id));
      expect(self.statusCode).toBe(422);
      expect(self.json().errors).toEqual({
        reports_to: ['Atasan tidak boleh aparat desa ini sendiri.'],
      });
      const loop = await asAdmin('PUT', `${r.base}/${head.id}`, body(head.id, kasi.id));
      expect(loop.statusCode).toBe(422);
      expect(loop.json().errors).toEqual({
        reports_to: ['Atasan tidak boleh bawahan dari aparat desa ini sendiri.'],
      });
      expect((await call(null, 'GET', `${r.base}/${head.id}`)).json().data.reports_to).toBeNull();

      // Removing an official leaves their subordinates without a boss, not deleted.
      expect((await asAdmin('DELETE', `${r.base}/${secretary.id}`)).statusCode).toBe(200);
      expect((await call(null, 'GET', `${r.base}/${kasi.id}`)).json().data.reports_to).toBeNull();
    });

    it('unique fields refuse a second record with the same value, whatever its case', async () => {
      const jobs = resource('population-jobs');
      const first = await asAdmin('POST', jobs.base, {
        ...exampleBody(jobs, { image }),
        job: 'Nelayan',
      });
      expect(first.statusCode).toBe(201);
      const before = await count(jobs);
      const twin = await asAdmin('POST', jobs.base, {
        ...exampleBody(jobs, { image }),
        job: 'nelayan',
      });
      expect(twin.statusCode).toBe(422);
      expect(twin.json().errors).toEqual({ job: ['Pekerjaan "nelayan" sudah ada.'] });
      expect(await count(jobs)).toBe(before);
      // Saving a record with its own value is not a clash.
      const again = await asAdmin('PUT', `${jobs.base}/${first.json().data.id}`, {
        ...exampleBody(jobs, { image }),
        job: 'NELAYAN',
      });
      expect(again.statusCode, again.body).toBe(200);

      const religions = resource('population-religions');
      const islam = await asAdmin('POST', religions.base, exampleBody(religions, { image }));
      expect(islam.statusCode).toBe(201);
      const dup = await asAdmin('POST', religions.base, exampleBody(religions, { image }));
      expect(dup.statusCode).toBe(422);
      expect(dup.json().errors).toEqual({ religion: ['Agama "Islam" sudah ada.'] });
    });

    it('collects every database problem of a body in one answer', async () => {
      const r = resource('village-structures');
      const res = await asAdmin('POST', r.base, {
        ...exampleBody(r, { image: 999998, reference: 999999 }),
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['photo', 'reports_to']);
    });
  });

  describe('lists', () => {
    const r = resource('population-jobs');
    const names = ['Alpha 50%', 'Beta_1', 'Gamma', 'Delta', 'Epsilon'];

    beforeAll(async () => {
      for (const [i, job] of names.entries()) {
        const res = await asAdmin('POST', r.base, {
          job,
          male_count: 10 + i,
          female_count: 20 - i,
          position: 10 - i,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    });

    const jobsOf = async (query: string) => {
      const res = await call(null, 'GET', `${r.base}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Item[]; meta: Record<string, number> };
    };

    it('use the definition default order, and sort by any known column either way', async () => {
      const byDefault = await jobsOf('search=a&per_page=100');
      const positions = byDefault.data.map((x) => x.position as number);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const asc = (await jobsOf('sort=male_count&per_page=100')).data.map((x) => x.male_count);
      expect(asc).toEqual([...asc].sort((a, b) => Number(a) - Number(b)));
      const desc = (await jobsOf('sort=-male_count&per_page=100')).data.map((x) => x.male_count);
      expect(desc).toEqual([...asc].reverse());
    });

    it('refuse to sort by anything the definition does not list', async () => {
      for (const sort of ['password', 'id;drop table users', '-', 'job desc', 'lower(job)']) {
        const res = await call(null, 'GET', `${r.base}?sort=${encodeURIComponent(sort)}`);
        expect(res.statusCode, sort).toBe(422);
        expect(res.json().errors.sort[0]).toMatch(/^Urutan harus salah satu dari: id, job/);
      }
    });

    it('paginate with meta, cap per_page at 100, and search case-insensitively as text', async () => {
      const page1 = await jobsOf('per_page=2&page=1&sort=job');
      expect(page1.data).toHaveLength(2);
      const total = page1.meta.total ?? 0;
      expect(total).toBeGreaterThanOrEqual(names.length);
      expect(page1.meta).toEqual({ page: 1, per_page: 2, total, last_page: Math.ceil(total / 2) });
      const last = await jobsOf(`per_page=2&page=${Math.ceil(total / 2)}&sort=job`);
      expect(last.meta.total).toBe(total);
      const beyond = await jobsOf('per_page=2&page=999');
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.total).toBe(total);

      expect((await jobsOf('per_page=1000')).meta.per_page).toBe(100);
      expect((await jobsOf('search=GAMMA')).data.map((x) => x.job)).toEqual(['Gamma']);
      expect((await jobsOf('search=50%25')).data.map((x) => x.job)).toEqual(['Alpha 50%']);
      expect((await jobsOf('search=_')).data.map((x) => x.job)).toEqual(['Beta_1']);
      expect((await jobsOf(`search=${encodeURIComponent("' OR 1=1 --")}`)).data).toEqual([]);
      const bad = await call(null, 'GET', `${r.base}?page=0`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.page).toEqual(['Halaman minimal 1.']);
    });

    it('put empty values last in either direction, on both databases', async () => {
      const ages = resource('population-ages');
      for (const [label, from, to] of [
        ['Umur 75+', 75, null],
        ['Umur 0–4', 0, 4],
        ['Umur 5–9', 5, 9],
      ] as const) {
        const res = await asAdmin('POST', ages.base, {
          label,
          age_from: from,
          age_to: to,
          male_count: 1,
          female_count: 1,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const list = async (sort: string) =>
        (await call(null, 'GET', `${ages.base}?sort=${sort}&search=umur`))
          .json()
          .data.map((x: Item) => x.age_to);
      expect(await list('age_to')).toEqual([4, 9, null]);
      expect(await list('-age_to')).toEqual([9, 4, null]);
    });
  });

  it('filters lists by yes/no fields, e.g. only the headers to show', async () => {
    const r = resource('homepage-headers');
    for (const [title, active] of [
      ['Tampil Uji', true],
      ['Tersembunyi Uji', false],
    ] as const) {
      const res = await asAdmin('POST', r.base, { ...exampleBody(r, { image }), title, active });
      expect(res.statusCode, res.body).toBe(201);
    }
    const titles = async (query: string) =>
      (await call(null, 'GET', `${r.base}?search=uji&${query}`))
        .json()
        .data.map((x: Item) => x.title);
    expect(await titles('active=true')).toEqual(['Tampil Uji']);
    expect(await titles('active=0')).toEqual(['Tersembunyi Uji']);
    expect((await titles('')).sort()).toEqual(['Tampil Uji', 'Tersembunyi Uji']);
    const bad = await call(null, 'GET', `${r.base}?active=ya`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ active: ['Tampilkan harus ya atau tidak.'] });
  });

  it('describes the registry at /api/content-types', async () => {
    const res = await call(null, 'GET', '/api/content-types');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      key: string;
      base: string;
      group: string;
      fields: { name: string; kind: string; required: boolean; max_length?: number }[];
      list_columns: string[];
      default_sort: { field: string };
    }[];
    expect(data.map((d) => [d.key, d.base, d.group])).toEqual(
      CONTENT_RESOURCES.map((r) => [r.key, r.base, r.group]),
    );
    const headers = data.find((d) => d.key === 'homepage-headers');
    expect(headers?.fields.find((f) => f.name === 'title')).toMatchObject({
      label: 'Judul',
      kind: 'text',
      required: true,
      max_length: 150,
    });
    expect(headers?.default_sort).toEqual({ field: 'position', direction: 'asc' });
    const religions = data.find((d) => d.key === 'population-religions');
    expect(religions?.fields[0]).toMatchObject({ name: 'religion', kind: 'select', unique: true });
    expect((religions?.fields[0] as { options?: string[] }).options).toContain('Khonghucu');
  });

  it('documents every content route in the OpenAPI document', async () => {
    const spec = (await call(null, 'GET', '/api/docs/json')).json();
    for (const r of CONTENT_RESOURCES) {
      expect(Object.keys(spec.paths[r.base] ?? {}).sort()).toEqual(['get', 'post']);
      expect(Object.keys(spec.paths[`${r.base}/{id}`] ?? {}).sort()).toEqual([
        'delete',
        'get',
        'put',
      ]);
      const body = spec.paths[r.base].post.requestBody.content['application/json'].schema;
      expect(Object.keys(body.properties)).toEqual(r.fields.map((f) => f.name));
    }
  });

  it('has a table with a column for every field of every definition', async () => {
    const db = ctx.testDb.db.kysely;
    const schema = onPostgres
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
    const tables = (await db.introspection.getTables()).filter(
      (t) => !onPostgres || t.schema === schema,
    );
    for (const r of CONTENT_RESOURCES) {
      const table = tables.find((t) => t.name === contentTable(r));
      expect(table, r.key).toBeDefined();
      const columns = new Map(table?.columns.map((c) => [c.name, c]));
      for (const name of ['id', 'created_at', 'updated_at', ...r.fields.map((f) => f.name)]) {
        expect(columns.has(name), `${r.key}.${name}`).toBe(true);
      }
      for (const f of r.fields) {
        const nullable = !f.required && f.default === undefined;
        expect(columns.get(f.name)?.isNullable, `${r.key}.${f.name} nullable`).toBe(nullable);
      }
    }
  });
});
