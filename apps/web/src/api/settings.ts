import type { SettingsUpdate } from '@balai/domain';
import {
  publicSettingsOf,
  type AdminSettings,
  type LetterNumberPreview,
} from '@balai/domain/contract';
import { settingsPaths } from '@balai/domain/paths';
import useSWR, { type ScopedMutator } from 'swr';
import { api } from '../lib/http-client.ts';
import { stripApi } from '../lib/paths.ts';

/** The village identity and the office's settings (contract: settings.ts). */

/** `GET /api/settings/admin`: everything, the head of village and the number format included. */
export const ADMIN_SETTINGS_KEY = stripApi(settingsPaths.admin);
/** `GET /api/settings/letter-number-preview?format=…&type=…` (administrators). */
export const NUMBER_PREVIEW_PATH = stripApi(settingsPaths.letterNumberPreview);
/** `PUT /api/settings/qr-address`: letters may (or may not) be issued with a loopback QR address. */
export const QR_ADDRESS_PATH = stripApi(settingsPaths.qrAddress);
/** `GET /api/settings` (public), `PUT` (administrators). */
const SETTINGS_PATH = stripApi(settingsPaths.settings);

export function useAdminSettings() {
  const { data, error, isLoading, mutate } = useSWR<{ data: AdminSettings }>(ADMIN_SETTINGS_KEY);
  return { settings: data?.data, error: error as unknown, isLoading, retry: () => void mutate() };
}

/**
 * `PUT /api/settings` with the whole identity. The answer goes straight into both cached
 * settings (`mutate` of the app's SWR cache, `useSWRConfig().mutate`), so the public top bar
 * and footer show the new name and logo at once, without another request.
 */
export async function saveSettings(
  body: SettingsUpdate,
  mutate: ScopedMutator,
): Promise<AdminSettings> {
  const { data } = await api.put<{ data: AdminSettings }>(SETTINGS_PATH, body);
  await Promise.all([
    mutate(ADMIN_SETTINGS_KEY, { data }, { revalidate: false }),
    mutate(SETTINGS_PATH, { data: publicSettingsOf(data) }, { revalidate: false }),
  ]);
  return data;
}

/**
 * The sequence number the next letter of `type` would take under `format` (null: none asked).
 * The answer of the last asked format stays while the next one loads.
 */
export function useNumberPreview(format: string | null, type: string) {
  const { data, error, isLoading } = useSWR<{ data: LetterNumberPreview }>(
    format === null ? null : ([NUMBER_PREVIEW_PATH, { format, type }] as const),
    { keepPreviousData: true },
  );
  return { preview: data?.data, error: error as unknown, isLoading };
}

/** Saves the administrator's confirmation of a local QR address (a demo, issue 25.1). */
export async function saveAllowLoopbackQr(
  allow: boolean,
  mutate: ScopedMutator,
): Promise<AdminSettings> {
  const { data } = await api.put<{ data: AdminSettings }>(QR_ADDRESS_PATH, {
    allow_loopback_qr: allow,
  });
  await mutate(ADMIN_SETTINGS_KEY, { data }, { revalidate: false });
  return data;
}
