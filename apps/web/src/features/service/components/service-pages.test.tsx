import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT, seedSession } from '../../../testing/session.ts';

const TYPES = [
  {
    code: 'ku',
    title: 'Usaha',
    name: 'Surat Keterangan Usaha',
    aliases: ['SKU', 'usaha', 'KUR'],
    description: 'Keterangan bahwa Anda menjalankan usaha di desa.',
    service_days: 2,
    requirements: [
      { key: 'ktp', label: 'Fotokopi KTP', online: 'optional' },
      { key: 'foto_tempat_usaha', label: 'Foto tempat usaha', online: 'required' },
    ],
  },
  {
    code: 'ktm',
    title: 'Tidak Mampu',
    name: 'Surat Keterangan Tidak Mampu',
    aliases: ['SKTM', 'beasiswa'],
    description: 'Keterangan keluarga kurang mampu.',
    requirements: [{ key: 'kk', label: 'Fotokopi Kartu Keluarga', online: 'office' }],
  },
];

function serveTypes() {
  return createFakeServer({ 'GET /api/letter-types': () => ({ body: { data: TYPES } }) });
}

describe('service pages', () => {
  it('lists every service by its full name, with what it is for, the service time and the requirements folded', async () => {
    serveTypes();
    renderApp('/service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Layanan Surat' })).toBeVisible();
    const item = (await screen.findByRole('heading', { name: 'Surat Keterangan Usaha' })).closest(
      'li',
    )!;
    expect(within(item).getByRole('link', { name: 'Surat Keterangan Usaha' })).toHaveAttribute(
      'href',
      '/service/ku',
    );
    expect(item).toHaveTextContent('Keterangan bahwa Anda menjalankan usaha di desa.');
    expect(item).toHaveTextContent('Lama layanan: 2 hari kerja');
    const folded = item.querySelector('details')!;
    expect(folded).not.toHaveAttribute('open');
    expect(within(item).getByText('Persyaratan (2)')).toBeInTheDocument();
    expect(Array.from(folded.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Fotokopi KTP (unggah foto atau bawa ke kantor desa)',
      'Foto tempat usaha (wajib diunggah fotonya)',
    ]);
    expect(screen.getByRole('link', { name: 'Surat Keterangan Tidak Mampu' })).toBeInTheDocument();
    expect(screen.getByText('2 jenis surat.')).toHaveAttribute('aria-live', 'polite');
  });

  it('finds a letter by the name people know it by, the query kept in the address', async () => {
    serveTypes();
    const { user, router } = renderApp('/service');
    const search = await screen.findByRole('searchbox', { name: 'Cari surat' });
    expect(search).toHaveAccessibleDescription(
      'Contoh: SKTM, SKU, SKCK, domisili, pengantar nikah',
    );
    await user.type(search, 'SKTM');
    expect(screen.getByText('1 surat cocok dengan “SKTM”.')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('link', { name: 'Surat Keterangan Tidak Mampu' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Surat Keterangan Usaha' })).toBeNull();
    expect(router.state.location.search).toBe('?q=SKTM');
    await user.clear(search);
    await user.type(search, 'akta tanah');
    expect(screen.getByText(/^Tidak ada surat yang cocok dengan “akta tanah”\./)).toHaveAttribute(
      'aria-live',
      'polite',
    );
    expect(screen.queryByRole('link', { name: /^Surat Keterangan/ })).toBeNull();
  });

  it('opens with the search of the address', async () => {
    serveTypes();
    renderApp('/service?q=kur');
    expect(await screen.findByRole('searchbox', { name: 'Cari surat' })).toHaveValue('kur');
    await screen.findByRole('link', { name: 'Surat Keterangan Usaha' });
    // The alias first; the other only because its description says "kurang".
    expect(
      screen.getAllByRole('link', { name: /^Surat Keterangan/ }).map((a) => a.textContent),
    ).toEqual(['Surat Keterangan Usaha', 'Surat Keterangan Tidak Mampu']);
  });

  it('shows one service and, signed out, the way to sign in that comes back', async () => {
    serveTypes();
    renderApp('/service/ku');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Surat Keterangan Usaha' }),
    ).toBeVisible();
    expect(document.title).toMatch(/^Surat Keterangan Usaha \|/);
    expect(screen.getByText(/^Foto tempat usaha/)).toBeInTheDocument();
    expect(screen.getByText(/2 hari kerja setelah permohonan lengkap diterima/)).toBeVisible();
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
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Surat Keterangan Usaha' }),
    ).toBeVisible();
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
