import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT, seedSession } from '../../../testing/session.ts';

const TYPES = [
  {
    code: 'ku',
    title: 'Usaha',
    description: 'Keterangan bahwa Anda menjalankan usaha di desa.',
    requirements: ['Fotokopi KTP', 'Foto tempat usaha'],
  },
  {
    code: 'ktm',
    title: 'Tidak Mampu',
    description: 'Keterangan keluarga kurang mampu.',
    requirements: ['Fotokopi Kartu Keluarga'],
  },
];

function serveTypes() {
  return createFakeServer({ 'GET /api/letter-types': () => ({ body: { data: TYPES } }) });
}

describe('service pages', () => {
  it('lists every service with its description, requirements and link', async () => {
    serveTypes();
    renderApp('/service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Layanan Surat' })).toBeVisible();
    const item = (await screen.findByRole('heading', { name: 'Usaha' })).closest('li')!;
    expect(item).toHaveTextContent('Keterangan bahwa Anda menjalankan usaha di desa.');
    expect(
      within(item)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fotokopi KTP', 'Foto tempat usaha']);
    expect(within(item).getByRole('link', { name: 'Ajukan surat Usaha' })).toHaveAttribute(
      'href',
      '/service/ku',
    );
    expect(screen.getByRole('link', { name: 'Ajukan surat Tidak Mampu' })).toBeInTheDocument();
  });

  it('shows one service and, signed out, the way to sign in that comes back', async () => {
    serveTypes();
    renderApp('/service/ku');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usaha' })).toBeVisible();
    expect(screen.getByText('Foto tempat usaha')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Masuk untuk mengajukan' })).toHaveAttribute(
      'href',
      '/auth/login?returnTo=%2Fservice%2Fku',
    );
  });

  it('signed in, does not ask to sign in', async () => {
    seedSession(RESIDENT);
    createFakeServer({
      'GET /api/letter-types': () => ({ body: { data: TYPES } }),
      'GET /api/profile': () => ({ body: { data: RESIDENT } }),
    });
    renderApp('/service/ku');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usaha' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Masuk untuk mengajukan' })).toBeNull();
  });

  it('says so when the service code is unknown', async () => {
    serveTypes();
    renderApp('/service/xyz');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Layanan tidak ditemukan' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Lihat semua layanan' })).toHaveAttribute(
      'href',
      '/service',
    );
  });

  it('shows the error with a retry when the list cannot load', async () => {
    createFakeServer({
      'GET /api/letter-types': () => ({ status: 500, body: { message: 'Gangguan server.' } }),
    });
    renderApp('/service');
    expect(await screen.findByRole('alert')).toHaveTextContent('Gangguan server.');
  });
});
