import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, RESIDENT } from '../../testing/session.ts';
import { createFakeServer, type FakeServer } from '../../testing/fake-server.ts';
import { createHttpClient } from '../http-client.ts';
import { runLoginSteps } from './login-steps.ts';

describe('runLoginSteps', () => {
  let server: FakeServer;
  const client = createHttpClient('/api');

  function serve(user: typeof RESIDENT) {
    server = createFakeServer({
      'POST /api/login': () => ({
        body: { data: { token: 'tok-1', expires_at: '2026-01-02T00:00:00Z', user } },
      }),
      'GET /api/profile': () => ({ body: { data: user } }),
      'GET /api/users/detail/1': () => ({ body: { data: { ...ADMIN, name: 'Budi (detail)' } } }),
    });
  }

  beforeEach(() => client.setToken(null));

  it('gets a token, then the identity with that token; a resident skips the admin-only detail', async () => {
    serve(RESIDENT);
    const result = await runLoginSteps(client, { email: 'siti@contoh.id', password: 'rahasia123' });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/login',
      'GET /api/profile',
    ]);
    // The browser's device id goes with the credentials, the same one each time (ADR 0011).
    const device = localStorage.getItem('balai.device');
    expect(device).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(server.requests[0]!.body).toEqual({
      email: 'siti@contoh.id',
      password: 'rahasia123',
      device,
    });
    expect(server.requests[1]!.headers.authorization).toBe('Bearer tok-1');
    expect(result).toEqual({ token: 'tok-1', user: RESIDENT });
    // Nothing is stored by the steps themselves.
    expect(client.getToken()).toBeNull();
  });

  it('fetches the user detail by id for an administrator, with the new token', async () => {
    serve(ADMIN);
    const result = await runLoginSteps(client, { email: 'admin@contoh.id', password: 'x' });
    const detail = server.seen('GET /api/users/detail/1');
    expect(detail).toHaveLength(1);
    expect(detail[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(result.user.name).toBe('Budi (detail)');
  });

  it('stops at the first failure and rejects with its body', async () => {
    server = createFakeServer({
      'POST /api/login': () => ({
        status: 401,
        body: { message: 'E-mail atau kata sandi salah.' },
      }),
    });
    await expect(runLoginSteps(client, { email: 'a@b.id', password: 'x' })).rejects.toEqual({
      message: 'E-mail atau kata sandi salah.',
    });
    expect(server.requests).toHaveLength(1);
  });
});
