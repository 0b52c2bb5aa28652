import { identityLockedMessage, USER_IDENTITY_FIELDS, type ApiUser } from '@balai/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT, seedSession } from '../../../testing/session.ts';
import { IDENTITY_CORRECTION } from './profile-fields.ts';

const VERIFIED: ApiUser = {
  ...RESIDENT,
  kk_number: '3203011203100045',
  identity_verified_at: '2026-02-01T03:00:00Z',
  identity_verified_by: 1,
};

function serve(profile: ApiUser, put?: () => { status: number; body: unknown }) {
  return createFakeServer({
    'GET /api/profile': () => ({ body: { data: profile } }),
    'PUT /api/profile': (req) =>
      put?.() ?? { body: { data: { ...profile, ...(req.body as object) } } },
  });
}

describe('profile with a verified identity', () => {
  it('tags the verified fields "Terverifikasi" and says how to ask the office for a correction', async () => {
    serve(VERIFIED);
    seedSession(VERIFIED);
    renderApp('/profile');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(IDENTITY_CORRECTION)).toBeInTheDocument();
    const tagged = within(main)
      .getAllByText('Terverifikasi')
      .map((tag) => tag.closest('dt')?.firstChild?.textContent);
    expect(tagged).toEqual(USER_IDENTITY_FIELDS.map((f) => f.label));
  });

  it('shows no tag while the office has not verified the identity', async () => {
    serve(RESIDENT);
    seedSession(RESIDENT);
    renderApp('/profile');
    expect(await screen.findByText('3203012345670001')).toBeInTheDocument();
    expect(screen.queryByText('Terverifikasi')).not.toBeInTheDocument();
    expect(screen.queryByText(IDENTITY_CORRECTION)).not.toBeInTheDocument();
  });

  it('shows the identity fields in the form as text with "Terverifikasi", not as boxes, sends them back unchanged, lets the rest be edited', async () => {
    const server = serve(VERIFIED);
    seedSession(VERIFIED);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Ubah profil' }));

    expect(screen.getByText(IDENTITY_CORRECTION)).toBeInTheDocument();
    const shown: Record<string, string> = {
      name: 'Siti Aminah',
      nik: '3203012345670001',
      kk_number: '3203011203100045',
      birth_place: 'Cianjur',
      birth_date: '12 April 1990',
    };
    for (const f of USER_IDENTITY_FIELDS) {
      // No field to type in (issue 25: they looked editable)…
      expect(screen.queryByLabelText(new RegExp(`^${f.label.replace('.', '\\.')}`))).toBeNull();
      // …but the label, the tag and the value as text.
      const block = document.querySelector<HTMLElement>(`[data-locked-field="${f.name}"]`)!;
      expect(block, f.name).not.toBeNull();
      expect(within(block).getByText('Terverifikasi')).toBeInTheDocument();
      expect(block).toHaveTextContent(`${f.label}Terverifikasi${shown[f.name]}`);
      expect(within(block).queryByRole('textbox')).toBeNull();
    }

    await user.type(screen.getByLabelText('Pekerjaan (opsional)'), 'Guru');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));
    expect(await screen.findByText('Profil berhasil disimpan.')).toBeInTheDocument();
    expect(server.seen('PUT /api/profile')[0]!.body).toMatchObject({
      name: 'Siti Aminah',
      nik: '3203012345670001',
      kk_number: '3203011203100045',
      birth_place: 'Cianjur',
      birth_date: '1990-04-12',
      occupation: 'Guru',
    });
  });

  it('shows the API 422 on the field when the office verified it meanwhile', async () => {
    const message = identityLockedMessage('NIK');
    serve(RESIDENT, () => ({ status: 422, body: { message, errors: { nik: [message] } } }));
    seedSession(RESIDENT);
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Ubah profil' }));
    const nik = screen.getByLabelText('NIK (opsional)');
    await user.clear(nik);
    await user.type(nik, '3203019999990001');
    await user.click(screen.getByRole('button', { name: 'Simpan profil' }));

    expect(await screen.findByRole('link', { name: message })).toHaveAttribute('href', '#nik');
    expect(screen.getByLabelText('NIK (opsional)')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
  });
});
