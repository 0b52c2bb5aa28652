import { ADMIN_ROLE, type FieldValue } from '@balai/domain';
import type { HeadConfirmation } from '../../../components/admin/confirm-head-dialog.tsx';
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import { upload } from '../../../components/form/upload.ts';
import { api } from '../../../lib/http-client.ts';
import { stripApi } from '../../../lib/paths.ts';

// The signer's screens talk to `/api/signing/*` and `/api/settings/signing` (docs/signing.md).

export const signingApi = {
  me: '/signing/me',
  queue: '/signing/queue',
  approve: '/signing/approve',
  returnLetter: (id: number) => `/signing/requests/${encodeURIComponent(String(id))}/return`,
  pin: '/signing/pin',
  signature: '/signing/signature',
  delegation: '/signing/delegation',
  settings: '/settings/signing',
  users: '/users/list',
} as const;

/** `GET /api/signing/me`: the viewer's signing state. */
export interface SigningMe {
  position: string | null;
  position_label: string | null;
  nip: string | null;
  is_head: boolean;
  is_secretary: boolean;
  can_sign: boolean;
  signs_on_behalf: boolean;
  delegation: { from: string; until: string; active: boolean } | null;
  has_pin: boolean;
  signature: { url: string } | null;
  waiting: number;
}

/** One letter of `GET /api/signing/queue`. */
export interface QueueItem {
  id: number;
  type: string;
  type_title: string;
  letter_title: string;
  reference: string;
  applicant: { name: string; nik: string | null; address: string | null; verified: boolean };
  purpose: string | null;
  fields: Record<string, FieldValue>;
  clerk: { id: number | null; name: string | null } | null;
  clerk_note: string | null;
  sent_at: string | null;
  created_at: string;
  preview_url: string;
  desk_url: string;
}

export interface QueuePage {
  data: QueueItem[];
  meta: {
    page: number;
    per_page: number;
    total: number;
    last_page: number;
    signs_on_behalf: boolean;
  };
}

export interface ApprovedLetter {
  id: number;
  type?: string;
  reference: string;
  number: string | null;
  issued_at: string | null;
  signed_on_behalf: boolean;
  pdf_url: string;
}

export interface ApproveAnswer {
  message: string;
  data: {
    approved: ApprovedLetter[];
    failed: { id: number; status: number; message: string }[];
  };
}

interface SigningAccount {
  id: number;
  name: string;
  position: string | null;
  position_label: string | null;
  nip: string | null;
}

/** `GET /api/settings/signing`. */
export interface SigningSettings {
  head_user_id: number | null;
  secretary_user_id: number | null;
  head_away_from: string | null;
  head_away_until: string | null;
  approval: Record<string, boolean>;
  head: SigningAccount | null;
  secretary: SigningAccount | null;
  delegation_active: boolean;
  approval_types: { code: string; title: string; required: boolean }[];
}

export type SigningSettingsBody = Partial<
  Pick<
    SigningSettings,
    'head_user_id' | 'secretary_user_id' | 'head_away_from' | 'head_away_until' | 'approval'
  >
>;

/** An administrator account as the settings' choice lists need it. */
export interface AdminAccount {
  id: number;
  name: string;
  email: string;
  active: boolean;
  position?: string | null;
}

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
  const { data, error, isLoading, mutate } = useSWR<QueuePage>(
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
      await api.post<{ data: { id: number; status: string } }>(signingApi.returnLetter(id), {
        note,
      });
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
  const { data, error } = useSWR<{ data: AdminAccount[] }>([
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
    return upload<{ data: { url: string } }>(signingApi.signature, body, { onProgress });
  },
  removeSignature: () => api.delete<{ message: string }>(signingApi.signature),
  signatureImage: async () => (await api.download(signingApi.signature)).blob,
};
