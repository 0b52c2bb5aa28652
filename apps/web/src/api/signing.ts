import { ADMIN_ROLE } from '@balai/domain';
import type {
  ApiUser,
  ApproveAnswer,
  ReturnAnswer,
  SignatureAnswer,
  SigningMe,
  SigningQueue,
  SigningSettings,
} from '@balai/domain/contract';
import { signingPaths, userPaths } from '@balai/domain/paths';
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import type { HeadConfirmation } from '../components/admin/confirm-head-dialog.tsx';
import { upload } from '../components/form/upload.ts';
import { api } from '../lib/http-client.ts';
import { stripApi } from '../lib/paths.ts';
import { apiPath } from './paths.ts';

/**
 * The signer's screens and the signing setup (docs/signing.md; contract: signing.ts): the
 * viewer's signing state, the queue, approve and return, PIN, away dates, signature image, and
 * `/api/settings/signing`.
 */

export const signingApi = {
  me: stripApi(signingPaths.me),
  queue: stripApi(signingPaths.queue),
  approve: stripApi(signingPaths.approve),
  returnLetter: (id: number) => apiPath(signingPaths.return, { id }),
  pin: stripApi(signingPaths.pin),
  signature: stripApi(signingPaths.signature),
  delegation: stripApi(signingPaths.delegation),
  settings: stripApi(signingPaths.settings),
  users: stripApi(userPaths.list),
} as const;

/** What the settings form sends: any of the setup's own keys (the named accounts are read-only). */
export type SigningSettingsBody = Partial<
  Pick<
    SigningSettings,
    'head_user_id' | 'secretary_user_id' | 'head_away_from' | 'head_away_until' | 'approval'
  >
>;

/** An administrator account as the settings' choice lists need it. */
export type AdminAccount = Pick<ApiUser, 'id' | 'name' | 'email' | 'active' | 'position'>;

/** The viewer's signing state; every admin page may ask (the menu, the dashboard panel). */
export function useSigningMe() {
  const { data, error, mutate } = useSWR<{ data: SigningMe }>(signingApi.me, {
    revalidateOnFocus: true,
  });
  return { me: data?.data, error: error as unknown, mutate };
}

/** Up to 100 letters awaiting signature, oldest first; only for who can sign now (else 403). */
export const QUEUE_PER_PAGE = 100;

export function useSigningQueue(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<SigningQueue>(
    enabled ? [signingApi.queue, { per_page: QUEUE_PER_PAGE }] : null,
    { revalidateOnFocus: true, keepPreviousData: true },
  );
  return { page: data, error: error as unknown, isLoading, mutate };
}

/** After an approval or a return: the queue, the count on the dashboard and menu. */
export async function refreshSigning(mutate: ScopedMutator) {
  await mutate(
    (key) => key === signingApi.me || (Array.isArray(key) && key[0] === signingApi.queue),
  );
}

export function useSigningActions() {
  const { mutate } = useSWRConfig();
  return {
    /** Approve, then refresh the queue and the count; a 403 or 409 refreshes them too. */
    async approve(ids: number[], secret: { password: string } | { pin: string }) {
      const answer = await api.post<ApproveAnswer>(signingApi.approve, { ids, ...secret });
      // Not awaited: the page shows the result first, then the queue without those letters.
      void refreshSigning(mutate);
      return answer;
    },
    async returnLetter(id: number, note: string) {
      await api.post<ReturnAnswer>(signingApi.returnLetter(id), { note });
      void refreshSigning(mutate);
    },
  };
}

/** The draft preview PDF behind the session, as a Blob for an object URL. */
export async function fetchPreview(previewUrl: string): Promise<Blob> {
  const { blob } = await api.download(stripApi(previewUrl));
  return blob;
}

/** The signing settings; admins only. */
export function useSigningSettings() {
  const { data, error, isLoading, mutate } = useSWR<{ data: SigningSettings }>(signingApi.settings);
  return { settings: data?.data, error: error as unknown, isLoading, mutate };
}

/** Active administrators (for choosing the Kepala Desa and Sekretaris Desa accounts). */
export function useAdminAccounts() {
  const { data, error } = useSWR<{ data: ApiUser[] }>([
    signingApi.users,
    { role: ADMIN_ROLE, active: 'true', per_page: 100 },
  ]);
  return { accounts: data?.data, error: error as unknown };
}

export const signingSettingsApi = {
  /** Once a Kepala Desa is named, only they save, with `confirmation` (docs/signing.md). */
  save: (body: SigningSettingsBody, confirmation?: HeadConfirmation) =>
    api.put<{ data: SigningSettings }>(signingApi.settings, { ...body, confirmation }),
  setPin: (password: string, pin: string) =>
    api.put<{ message: string }>(signingApi.pin, { password, pin }),
  removePin: (password: string) =>
    api.delete<{ message: string }>(signingApi.pin, {}, { password }),
  setDelegation: (from: string, until: string, confirmation: HeadConfirmation) =>
    api.put<{ message: string }>(signingApi.delegation, { from, until, confirmation }),
  endDelegation: () => api.delete<{ message: string }>(signingApi.delegation),
  uploadSignature: (file: File, onProgress?: (share: number) => void) => {
    const body = new FormData();
    body.append('file', file);
    return upload<SignatureAnswer>(signingApi.signature, body, { onProgress });
  },
  removeSignature: () => api.delete<{ message: string }>(signingApi.signature),
  signatureImage: async () => (await api.download(signingApi.signature)).blob,
};
