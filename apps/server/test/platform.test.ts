import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestContext } from './helpers.ts';

describe('platform', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('reports health with the database in use', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        status: 'ok',
        database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
        redis: 'off',
        disk: 'ok',
        reasons: [],
      },
    });
  });

  it('answers unknown API paths with a JSON 404 in Indonesian', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: 'Alamat API tidak ditemukan.' });
  });

  it('answers paths the router cannot read in Indonesian', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/api/verify/${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'Alamat terlalu panjang.' });
    const broken = await ctx.app.inject({ method: 'GET', url: '/api/verify/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'Alamat tidak valid.' });
  });

  it('answers what the HTTP parser rejects in Indonesian: oversized headers, a broken request', async () => {
    const own = await createTestApp();
    try {
      const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
          socket.on('close', () => resolve(answer));
          socket.on('error', reject);
        });
      const big = await raw(
        `GET /api/health HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
        message:
          'Kepala permintaan (header) terlalu besar. Hapus cookie situs ini, lalu coba lagi.',
      });
      const broken = await raw('BUKAN HTTP\r\n\r\n');
      expect(broken).toMatch(/^HTTP\/1\.1 400 /);
      expect(broken).toContain('{"message":"Permintaan tidak valid."}');
    } finally {
      await own.close();
    }
  });

  it('sends a JSON answer of the API the headers of an answer that is never a page', async () => {
    for (const url of ['/api/health', '/api/settings', '/api/tidak-ada']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=31536000/);
      // What governs a document only is left off (ADR 0032).
      for (const name of ['referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it('sends a page, and an API answer that is not JSON, the strict headers of a document', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/auth/login' });
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    for (const res of [page, docs]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
    // The page's own policy: frames, scripts and the desk's PDF preview.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self' blob:");
  });

  it('rejects malformed JSON with 400 and no stack trace', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Isi permintaan bukan JSON yang valid.' });
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
  });

  it('rejects bodies that are not JSON with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Jenis konten tidak didukung/);
  });

  it('rejects bodies over 1 MB with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.id', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Isi permintaan terlalu besar.' });
  });

  it('serves the OpenAPI document and UI at /api/docs', async () => {
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/login',
      '/api/logout',
      '/api/profile',
      '/api/profile/password',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/users/list',
      '/api/users/create',
      '/api/users/detail/{id}',
      '/api/users/update/{id}',
      '/api/users/delete/{id}',
      '/api/health',
    ]) {
      expect(spec.paths, p).toHaveProperty([p]);
    }
    expect(
      spec.paths['/api/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After and an Indonesian message past the global limit', async () => {
    const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada' })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/tidak-ada' });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toMatch(/^Terlalu banyak permintaan/);
    } finally {
      await ctx.close();
    }
  });
});

describe('configuration', () => {
  it('names every bad variable in one message', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SESSION_IDLE_MINUTES: '-1' }),
    ).toThrowError(/PORT[\s\S]*DATABASE_URL[\s\S]*SESSION_IDLE_MINUTES/);
  });

  it('defaults to embedded SQLite on port 3000 with a matching public URL', () => {
    const c = loadConfig({});
    expect(c.DATABASE_URL).toBe('file:./data/balai.sqlite');
    expect(c.PORT).toBe(3000);
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://sukamaju.desa.id/' }).PUBLIC_URL).toBe(
      'https://sukamaju.desa.id',
    );
  });

  it('requires the first administrator e-mail and password together', () => {
    expect(() => loadConfig({ BALAI_ADMIN_EMAIL: 'a@b.id' })).toThrowError(/BALAI_ADMIN_PASSWORD/);
    expect(() =>
      loadConfig({ BALAI_ADMIN_EMAIL: 'a@b.id', BALAI_ADMIN_PASSWORD: 'short' }),
    ).toThrowError(/minimal 8/);
  });
});
