import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const ANSWER =
  'Jika nomor atau NIK tersebut terdaftar dengan WhatsApp yang terkonfirmasi, kami telah mengirim tautan untuk mengatur ulang kata sandi ke WhatsApp itu.';

describe('forgot password over WhatsApp (issue 22)', () => {
  it('sends the NIK or number and shows the server’s answer', async () => {
    const seen: unknown[] = [];
    createFakeServer({
      'POST /api/forgot-password/whatsapp': (req) => {
        seen.push(req.body);
        return { body: { message: ANSWER } };
      },
    });
    const { user } = renderApp('/auth/forgot-password');
    await user.type(await screen.findByLabelText('NIK atau nomor WhatsApp'), '0812 3456 7890');
    await user.click(screen.getByRole('button', { name: 'Kirim lewat WhatsApp' }));
    expect(await screen.findByText(ANSWER)).toBeVisible();
    expect(seen).toEqual([{ identifier: '0812 3456 7890' }]);
  });

  it('asks for the NIK or number before sending anything', async () => {
    const seen: unknown[] = [];
    createFakeServer({
      'POST /api/forgot-password/whatsapp': (req) => {
        seen.push(req.body);
        return { body: { message: ANSWER } };
      },
    });
    const { user } = renderApp('/auth/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Kirim lewat WhatsApp' }));
    expect(await screen.findByText('NIK atau nomor WhatsApp wajib diisi.')).toBeVisible();
    expect(seen).toEqual([]);
  });
});
