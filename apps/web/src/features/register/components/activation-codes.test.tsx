import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { ActivationCodesPanel } from './activation-codes.tsx';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/register/persons/7/activation-codes';
const SEND = 'POST /api/register/persons/7/activation-codes/whatsapp';
const open = {
  id: 1,
  state: 'open',
  scope: 'person',
  created_at: '2026-11-27T02:00:00.000Z',
  created_by: 'Admin',
  expires_at: '2026-12-27T02:00:00.000Z',
  used_at: null,
  revoked_at: null,
  revoked_by: null,
};

describe('ActivationCodesPanel: a code over WhatsApp (issue 22.4)', () => {
  it('sends the number, says where it went (masked), reloads the codes, and shows a refusal in Indonesian', async () => {
    let codes: unknown[] = [];
    const server = createFakeServer({
      [LIST]: () => ({ body: { data: codes } }),
      [SEND]: (r) => {
        const { phone } = r.body as { phone: string };
        if (phone === '123')
          return {
            status: 422,
            body: {
              message:
                'Nomor WhatsApp tidak valid. Tulis seperti 081234567890 atau +6281234567890.',
              errors: { phone: ['Nomor WhatsApp tidak valid.'] },
            },
          };
        codes = [open];
        return {
          status: 201,
          body: { data: { sent_to: '62812****7890', expires_at: open.expires_at } },
        };
      },
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    const user = userEvent.setup();
    render(<ActivationCodesPanel personId={7} living />);
    expect(await screen.findByText('Belum pernah dibuat.')).toBeTruthy();

    const field = screen.getByLabelText('Nomor WhatsApp warga');
    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: 'Kirim lewat WhatsApp' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Nomor WhatsApp tidak valid');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, '0812-3456-7890');
    await user.click(screen.getByRole('button', { name: 'Kirim lewat WhatsApp' }));
    expect(await screen.findByText('Kode dikirim lewat WhatsApp ke 62812****7890.')).toBeTruthy();
    expect(server.seen(SEND).map((r) => r.body)).toEqual([
      { phone: '123' },
      { phone: '0812-3456-7890' },
    ]);
    await waitFor(() => expect(screen.getByText('Berlaku')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no sending for a person who no longer lives in the village', async () => {
    createFakeServer({ [LIST]: () => ({ body: { data: [] } }) });
    render(<ActivationCodesPanel personId={7} living={false} />);
    expect(await screen.findByText('Belum pernah dibuat.')).toBeTruthy();
    expect(screen.queryByLabelText('Nomor WhatsApp warga')).toBeNull();
  });
});
