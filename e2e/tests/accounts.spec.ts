import { expect, test } from '@playwright/test';
import { ADMIN } from './fixtures.ts';

test('an administrator logs in, manages a user and logs out; the token is then refused', async ({
  request,
}) => {
  const login = await request.post('/api/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()).data;
  expect(user.roles).toEqual([{ name: 'ADMINISTRATOR' }]);
  const headers = { authorization: `Bearer ${token}` };

  const created = await request.post('/api/users/create', {
    headers,
    data: {
      name: 'Warga Peramban',
      email: 'peramban@e2e.desa.id',
      // Not built from the name and not a common password (issue 25.5).
      password: 'kopi-tubruk-sore-7',
      nik: '3201010101900001',
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id;

  const list = await request.get('/api/users/list?search=peramban', { headers });
  expect((await list.json()).data.map((u: { id: number }) => u.id)).toEqual([id]);

  const updated = await request.put(`/api/users/update/${id}`, {
    headers,
    data: { occupation: 'Perajin bambu' },
  });
  expect((await updated.json()).data.occupation).toBe('Perajin bambu');
  expect((await request.delete(`/api/users/delete/${id}`, { headers })).status()).toBe(200);

  expect((await request.post('/api/logout', { headers })).status()).toBe(200);
  const after = await request.get('/api/profile', { headers });
  expect(after.status()).toBe(401);
  expect((await after.json()).message).toMatch(/Sesi Anda tidak valid/);
});

test('the server serves the web app with a history fallback and strict headers', async ({
  page,
}) => {
  // A private page of the browser app (not rendered on the server) gets the app's shell; an
  // address the app does not have is a real 404 since issue 23 (the 404 page, not the shell).
  const response = await page.goto('/profile/letter-history');
  expect(response?.status()).toBe(200);
  expect((await page.request.get('/sebuah/jalur/aplikasi')).status()).toBe(404);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/');
  await expect(page.locator('body')).not.toBeEmpty();
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
});
