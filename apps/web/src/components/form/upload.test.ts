import { describe, expect, it, vi } from 'vitest';
import { api, GENERIC_FAILURE } from '../../lib/http-client.ts';
import { createFakeServer } from '../../testing/fake-server.ts';
import { upload } from './upload.ts';

const body = () => {
  const form = new FormData();
  form.append('file', new File(['abcd'], 'a.png', { type: 'image/png' }));
  return form;
};

describe('upload', () => {
  it('reports progress and resolves with the body', async () => {
    createFakeServer({ 'POST /api/files': () => ({ status: 201, body: { data: { id: 5 } } }) });
    const progress: number[] = [];
    await expect(
      upload('/files', body(), { onProgress: (s) => progress.push(s) }),
    ).resolves.toEqual({
      data: { id: 5 },
    });
    expect(progress).toEqual([0.5, 1]);
  });

  it('a 401 with the session token ends the session, like the client’s calls', async () => {
    createFakeServer({
      'POST /api/files': () => ({ status: 401, body: { message: 'Sesi berakhir.' } }),
    });
    const ended = vi.fn();
    api.setToken('sesi');
    api.setUnauthorizedHandler(ended);
    await expect(upload('/files', body())).rejects.toEqual({ message: 'Sesi berakhir.' });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('an empty failure is the generic text; an abort rejects with an AbortError', async () => {
    createFakeServer({ 'POST /api/files': () => ({ status: 500 }) });
    await expect(upload('/files', body())).rejects.toBe(GENERIC_FAILURE);
    const controller = new AbortController();
    const sent = upload('/files', body(), { signal: controller.signal });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });
});
