import type { ChannelState, NoticeItem } from '@balai/domain/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';

const channel = (over: Partial<ChannelState>): ChannelState => ({
  channel: 'email',
  label: 'E-mail',
  configured: true,
  on: true,
  endpoint: 'folder ./data/outbox',
  queued: 0,
  failed_recent: 0,
  last_sent_at: null,
  last_failed_at: null,
  last_error: null,
  ...over,
});

const notice = (over: Partial<NoticeItem>): NoticeItem => ({
  id: 5,
  kind: 'issued',
  kind_label: 'Surat terbit',
  channel: 'whatsapp',
  channel_label: 'WhatsApp (gateway)',
  recipient: '62812****7890',
  user_id: 3,
  user_name: 'Siti Aminah',
  letter_request_id: 42,
  subject: 'Surat KU-000042 sudah terbit',
  state: 'failed',
  state_label: 'Gagal',
  tries: 8,
  last_error: 'penyedia menjawab 500',
  next_attempt_at: null,
  created_at: '2026-11-26T03:00:00.000Z',
  sent_at: null,
  ...over,
});

beforeEach(() => {
  window.localStorage.clear();
  seedSession(ADMIN);
});

describe('Saluran Pemberitahuan (issue 22)', () => {
  it('shows each channel, sends a test message and queues a failed notice again', async () => {
    let failed = [notice({})];
    const server = createFakeServer({
      'GET /api/notices/channels': () => ({
        body: {
          data: [
            channel({}),
            channel({
              channel: 'whatsapp',
              label: 'WhatsApp (gateway)',
              endpoint: 'https://api.fonnte.com/send',
              failed_recent: 1,
              last_error: 'penyedia menjawab 500',
            }),
            channel({ channel: 'telegram', label: 'Telegram', configured: false, on: false }),
          ],
          meta: { days: 7 },
        },
      }),
      'GET /api/notices/failed': () => ({
        body: { data: failed, meta: { page: 1, per_page: 20, total: failed.length, last_page: 1 } },
      }),
      'POST /api/notices/test': () => ({
        body: {
          message: 'Pesan uji masuk antrean.',
          data: notice({ kind: 'test', state: 'queued' }),
        },
      }),
      'POST /api/notices/5/retry': () => {
        failed = [];
        return {
          body: { message: 'Pemberitahuan dikirim ulang.', data: notice({ state: 'queued' }) },
        };
      },
    });
    const { user } = renderApp('/admin/settings/notices');
    const wa = within(
      (await screen.findByRole('heading', { name: 'WhatsApp (gateway)' })).closest('article')!,
    );
    expect(wa.getByText('Aktif')).toBeInTheDocument();
    expect(wa.getByText('https://api.fonnte.com/send')).toBeInTheDocument();
    const telegram = within(screen.getByRole('heading', { name: 'Telegram' }).closest('article')!);
    expect(telegram.getByText('Tidak aktif')).toBeInTheDocument();
    expect(telegram.queryByRole('button', { name: 'Kirim pesan uji' })).toBeNull();

    await user.click(wa.getByRole('button', { name: 'Kirim pesan uji' }));
    await user.click(wa.getByRole('button', { name: 'Kirim' }));
    expect(await wa.findByText('Tujuan wajib diisi.')).toBeInTheDocument();
    await user.type(wa.getByLabelText('Nomor WhatsApp tujuan'), '0812 3456 7890');
    await user.click(wa.getByRole('button', { name: 'Kirim' }));
    expect(await screen.findByText('Pesan uji masuk antrean.')).toBeInTheDocument();
    expect(server.seen('POST /api/notices/test')[0]!.body).toEqual({
      channel: 'whatsapp',
      target: '0812 3456 7890',
    });

    const list = within(await screen.findByRole('list', { name: 'Pemberitahuan gagal' }));
    expect(list.getByText(/Surat KU-000042 sudah terbit/)).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: /Kirim ulang/ }));
    expect(await screen.findByText('Pemberitahuan dikirim ulang.')).toBeInTheDocument();
    expect(
      await screen.findByText('Tidak ada pemberitahuan yang gagal dalam rentang ini.'),
    ).toBeInTheDocument();
    expect(server.seen('GET /api/notices/failed')[0]!.path).toContain('days=7');
  });
});
