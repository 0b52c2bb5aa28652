import type { MyChannels } from '@balai/domain/contract';
import { noticePaths } from '@balai/domain/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noticesApi } from '../../../api/notices.ts';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { RESIDENT, seedSession } from '../../../testing/session.ts';

const channels = (over: Partial<Record<string, object>> = {}): MyChannels => ({
  in_app: true,
  telegram_bot: null,
  channels: [
    {
      channel: 'whatsapp',
      available: true,
      enabled: false,
      address: null,
      confirmed: false,
      code_expires_at: null,
      ...over.whatsapp,
    },
    {
      channel: 'telegram',
      available: false,
      enabled: false,
      address: null,
      confirmed: false,
      code_expires_at: null,
    },
    {
      channel: 'email',
      available: true,
      enabled: true,
      address: RESIDENT.email,
      confirmed: true,
      code_expires_at: null,
    },
  ],
});

describe('the profile’s notices (issue 22)', () => {
  it('uses the contract’s paths (without /api)', () => {
    for (const key of ['myChannels', 'whatsappCode', 'whatsappConfirm', 'telegramLink'] as const)
      expect(`/api${noticesApi[key]}`).toBe(noticePaths[key]);
    for (const key of ['channels', 'test', 'failed'] as const)
      expect(`/api${noticesApi[key]}`).toBe(noticePaths[key]);
    expect(`/api${noticesApi.retry(7)}`).toBe(noticePaths.retry.replace(':id', '7'));
    expect(`/api${noticesApi.requestNotices(7)}`).toBe(
      noticePaths.requestNotices.replace(':id', '7'),
    );
  });

  it('sends a code to the WhatsApp number, then confirms it', async () => {
    let state = channels();
    const expires = new Date(Date.now() + 15 * 60_000).toISOString();
    const server = createFakeServer({
      'GET /api/profile': () => ({ body: { data: RESIDENT } }),
      'GET /api/profile/notice-channels': () => ({ body: { data: state } }),
      'POST /api/profile/notice-channels/whatsapp/code': () => {
        state = channels({ whatsapp: { address: '6281234567890', code_expires_at: expires } });
        return {
          body: {
            message: 'Kode konfirmasi dikirim ke WhatsApp 6281234567890.',
            data: { phone: '6281234567890', expires_at: expires },
          },
        };
      },
      'POST /api/profile/notice-channels/whatsapp/confirm': (req) => {
        if ((req.body as { code: string }).code !== '123456')
          return { status: 422, body: { message: 'Kode salah. Sisa 4 kali percobaan.' } };
        state = channels({
          whatsapp: { address: '6281234567890', confirmed: true, enabled: true },
        });
        return { body: { message: 'Nomor WhatsApp dikonfirmasi.', data: state } };
      },
    });
    seedSession(RESIDENT);
    const { user } = renderApp('/profile');
    const section = within(
      (await screen.findByRole('heading', { name: 'Pemberitahuan' })).closest('section')!,
    );
    expect(await section.findByText('Notifikasi aplikasi: selalu aktif.')).toBeInTheDocument();
    expect(section.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    expect(section.getByText(/belum mengaktifkan pemberitahuan lewat Telegram/)).toBeVisible();

    await user.click(section.getByRole('button', { name: 'Kirim kode' }));
    expect(await section.findByText('Nomor WhatsApp wajib diisi.')).toBeInTheDocument();
    expect(server.seen('POST /api/profile/notice-channels/whatsapp/code')).toHaveLength(0);

    await user.type(section.getByLabelText('Nomor WhatsApp'), '0812-3456-7890');
    await user.click(section.getByRole('button', { name: 'Kirim kode' }));
    const code = await section.findByLabelText('Kode konfirmasi');
    expect(server.seen('POST /api/profile/notice-channels/whatsapp/code')[0]!.body).toEqual({
      phone: '0812-3456-7890',
    });
    expect(section.getByText(/Kode dikirim ke WhatsApp 6281234567890/)).toBeInTheDocument();

    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.click(section.getByRole('button', { name: 'Konfirmasi' }));
    const confirmed = await section.findByRole('checkbox', { name: 'WhatsApp ke 6281234567890' });
    expect(confirmed).toBeChecked();
    expect(server.seen('POST /api/profile/notice-channels/whatsapp/confirm')[0]!.body).toEqual({
      code: '123456',
    });
  });
});
