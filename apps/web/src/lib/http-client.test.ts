import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, type FakeServer } from '../testing/fake-server.ts';
import {
  GENERIC_FAILURE,
  createHttpClient,
  errorMessage,
  fieldErrors,
  httpStatus,
} from './http-client.ts';

describe('http client', () => {
  let server: FakeServer;
  const client = createHttpClient('/api');

  beforeEach(() => {
    client.setToken(null);
    client.setUnauthorizedHandler(null);
    server = createFakeServer({
      'GET /api/things': () => ({ body: { data: [1, 2] } }),
      'POST /api/things': (req) => ({ status: 201, body: { data: req.body } }),
      'GET /api/broken': () => ({ status: 500 }),
      'GET /api/invalid': () => ({
        status: 422,
        body: { message: 'Data tidak valid.', errors: { name: ['Nama wajib diisi.'] } },
      }),
      'GET /api/private': () => ({ status: 401, body: { message: 'Sesi berakhir.' } }),
    });
  });

  it('calls the base address and resolves with the body unchanged', async () => {
    await expect(
      client.get('/things', { params: { page: 2, search: '', q: null } }),
    ).resolves.toEqual({
      data: [1, 2],
    });
    expect(server.requests[0]!.path).toBe('/api/things?page=2');
  });

  it('sends JSON and the bearer header from the token', async () => {
    client.setToken('t1');
    await client.post('/things', { a: 1 });
    const req = server.seen('POST /api/things')[0]!;
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBe('Bearer t1');
    expect(req.body).toEqual({ a: 1 });
  });

  it('uses an explicitly passed token over its own, and none when cleared', async () => {
    client.setToken('mine');
    await client.get('/things', { token: 'given' });
    client.setToken(null);
    await client.get('/things');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer given',
      undefined,
    ]);
  });

  it('rejects with the response body when there is one', async () => {
    const error = await client.get('/invalid').catch((e: unknown) => e);
    expect(error).toEqual({
      message: 'Data tidak valid.',
      errors: { name: ['Nama wajib diisi.'] },
    });
    expect(httpStatus(error)).toBe(422);
    expect(errorMessage(error)).toBe('Data tidak valid.');
    expect(fieldErrors(error)).toEqual({ name: ['Nama wajib diisi.'] });
  });

  it('rejects with "Something went wrong" without a body or without a response', async () => {
    await expect(client.get('/broken')).rejects.toBe(GENERIC_FAILURE);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(client.get('/things')).rejects.toBe('Something went wrong');
    expect(errorMessage(undefined)).toBe('Something went wrong');
  });

  it('reports a 401 to an authenticated call, unless told to leave it', async () => {
    const onUnauthorized = vi.fn();
    client.setUnauthorizedHandler(onUnauthorized);
    await client.get('/private').catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled(); // no token: a failed login, not an expiry
    client.setToken('t1');
    await client.get('/private', { ignoreUnauthorized: true }).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.get('/private')).rejects.toEqual({ message: 'Sesi berakhir.' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
