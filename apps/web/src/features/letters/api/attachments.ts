import useSWR from 'swr';
import { api } from '../../../lib/http-client.ts';
import { stripApi } from '../../../lib/paths.ts';
import { upload, type UploadProgress } from '../../../components/form/upload.ts';

export type { ApiAttachment } from '../../../lib/attachments.ts';
import type { ApiAttachment } from '../../../lib/attachments.ts';

/**
 * Where a set of photos lives: the resident's photos staged for their next request of a type
 * (`{base}/attachments`), or a filed request's (`{base}/{id}/attachments`).
 */
export type AttachmentScope =
  { kind: 'staged'; base: string } | { kind: 'request'; base: string; requestId: number };

export function attachmentsPath(scope: AttachmentScope): string {
  const base = stripApi(scope.base);
  return scope.kind === 'staged'
    ? `${base}/attachments`
    : `${base}/${String(scope.requestId)}/attachments`;
}

/** The photos of a scope, oldest first. */
export function useAttachments(scope: AttachmentScope | null) {
  const { data, error, isLoading, mutate } = useSWR<{ data: ApiAttachment[] }>(
    scope ? attachmentsPath(scope) : null,
  );
  return { attachments: data?.data, error: error as unknown, isLoading, mutate };
}

/** Sends one photo of `requirement`, reporting progress; the stored photo. */
export async function uploadAttachment(
  scope: AttachmentScope,
  requirement: string,
  photo: Blob,
  options: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
): Promise<ApiAttachment> {
  const body = new FormData();
  body.append('file', photo, 'foto.jpg');
  const path = `${attachmentsPath(scope)}?requirement=${encodeURIComponent(requirement)}`;
  const { data } = await upload<{ data: ApiAttachment }>(path, body, options);
  return data;
}

export async function deleteAttachment(attachment: ApiAttachment): Promise<void> {
  await api.delete(stripApi(attachment.url));
}

/** The photo's bytes through the session (an `<img>` cannot send the bearer token). */
export async function fetchAttachmentImage(url: string): Promise<Blob> {
  const { blob } = await api.download(stripApi(url));
  return blob;
}
