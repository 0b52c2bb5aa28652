import type { NoticeItem } from '@balai/domain/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../testing/fake-server.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, seedSession } from '../../../testing/session.ts';
import { RequestNotices } from './request-notices.tsx';

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

describe('a request’s notices on the desk (issue 22)', () => {
  it('lists a request’s notices with their state on the desk', async () => {
    seedSession(ADMIN);
    createFakeServer({
      'GET /api/letter-requests/42/notices': () => ({
        body: {
          data: [
            notice({
              id: 4,
              state: 'sent',
              state_label: 'Terkirim',
              last_error: null,
              tries: 1,
              sent_at: '2026-11-26T03:01:00.000Z',
            }),
            notice({}),
          ],
        },
      }),
    });
    renderApp('/x', { routes: [{ path: '/x', element: <RequestNotices requestId={42} /> }] });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Terkirim')).toBeInTheDocument();
    expect(
      within(items[0]!).getByText(/WhatsApp \(gateway\) ke 62812\*\*\*\*7890/),
    ).toBeInTheDocument();
    expect(within(items[1]!).getByText('Gagal: penyedia menjawab 500')).toBeInTheDocument();
  });
});
