import type {
  ChannelStatesAnswer,
  MessageAnswer,
  MyChannels,
  MyChannelsAnswer,
  MyChannelsUpdate,
  NoticeAnswer,
  NoticePage,
  NoticeTestInput,
  RequestNoticesAnswer,
  TelegramLinkAnswer,
  WhatsappCodeAnswer,
} from '@balai/domain/contract';
import useSWR, { type ScopedMutator } from 'swr';
import { api } from '../lib/http-client.ts';

/**
 * Notices over WhatsApp, Telegram and e-mail (issue 22; contract: `@balai/domain/contract`,
 * notices.ts): the person's own channels (profile) and the office's view of delivery. Types only
 * from the contract, so zod stays out; the paths are the contract's `noticePaths` without `/api`
 * (a test keeps them equal).
 */

const seg = (v: number | string) => encodeURIComponent(String(v));

export const noticesApi = {
  myChannels: '/profile/notice-channels',
  whatsappCode: '/profile/notice-channels/whatsapp/code',
  whatsappConfirm: '/profile/notice-channels/whatsapp/confirm',
  telegramLink: '/profile/notice-channels/telegram/link',
  channels: '/notices/channels',
  test: '/notices/test',
  failed: '/notices/failed',
  retry: (id: number | string) => `/notices/${seg(id)}/retry`,
  requestNotices: (id: number | string) => `/letter-requests/${seg(id)}/notices`,
  forgotPasswordWhatsapp: '/forgot-password/whatsapp',
} as const;

/**
 * Asks for a reset link over WhatsApp by NIK or number. The server answers the same whether or
 * not an account with a confirmed WhatsApp was found; the answer's message says so.
 */
export function requestWhatsappReset(identifier: string) {
  return api.post<MessageAnswer>(noticesApi.forgotPasswordWhatsapp, { identifier });
}

// ---------------------------------------------------------------- the person's own channels

export function useMyChannels() {
  const { data, error, isLoading, mutate } = useSWR<MyChannelsAnswer>(noticesApi.myChannels, {
    revalidateOnFocus: true,
  });
  return { channels: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

// Each change takes the app's `mutate` (useSWRConfig) and refreshes what it changed.
const keep = (mutate: ScopedMutator, channels: MyChannels) =>
  mutate(noticesApi.myChannels, { data: channels }, { revalidate: false });

export async function updateMyChannels(
  body: MyChannelsUpdate,
  mutate: ScopedMutator,
): Promise<MyChannels> {
  const { data } = await api.put<MyChannelsAnswer>(noticesApi.myChannels, body);
  await keep(mutate, data);
  return data;
}

export async function sendWhatsappCode(
  phone: string,
  mutate: ScopedMutator,
): Promise<WhatsappCodeAnswer> {
  const answer = await api.post<WhatsappCodeAnswer>(noticesApi.whatsappCode, { phone });
  await mutate(noticesApi.myChannels);
  return answer;
}

export async function confirmWhatsapp(
  code: string,
  mutate: ScopedMutator,
): Promise<{ message: string; data: MyChannels }> {
  const answer = await api.post<{ message: string; data: MyChannels }>(noticesApi.whatsappConfirm, {
    code,
  });
  await keep(mutate, answer.data);
  return answer;
}

export const telegramLink = () => api.post<TelegramLinkAnswer>(noticesApi.telegramLink, {});

// ---------------------------------------------------------------- the office

export function useChannelStates() {
  const { data, error, isLoading, mutate } = useSWR<ChannelStatesAnswer>(noticesApi.channels);
  return { states: data, error: error as unknown, isLoading, retry: () => void mutate() };
}

export function useFailedNotices(days: number, page: number) {
  const { data, error, isLoading, mutate } = useSWR<NoticePage>([
    noticesApi.failed,
    { days, page, per_page: 20 },
  ] as const);
  return { failed: data, error: error as unknown, isLoading, retry: () => void mutate() };
}

export async function sendTestNotice(
  body: NoticeTestInput,
  mutate: ScopedMutator,
): Promise<NoticeAnswer> {
  const answer = await api.post<NoticeAnswer>(noticesApi.test, body);
  await mutate(noticesApi.channels);
  return answer;
}

export async function retryNotice(id: number, mutate: ScopedMutator): Promise<NoticeAnswer> {
  const answer = await api.post<NoticeAnswer>(noticesApi.retry(id), {});
  await mutate(
    (key) => key === noticesApi.channels || (Array.isArray(key) && key[0] === noticesApi.failed),
  );
  return answer;
}

/** Every notice about one letter request, oldest first (the desk's timeline). */
export function useRequestNotices(id: number) {
  const { data, error, isLoading, mutate } = useSWR<RequestNoticesAnswer>(
    noticesApi.requestNotices(id),
    {
      refreshInterval: (latest) =>
        latest?.data.some((n) => n.state !== 'sent' && n.state !== 'failed') ? 5_000 : 0,
    },
  );
  return { notices: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}
