import type { ApiAttachment } from '@balai/domain/contract';
import { letterPaths } from '@balai/domain/paths';
import useSWR from 'swr';
import { upload, type UploadProgress } from '../components/form/upload.ts';
import { api } from '../lib/http-client.ts';
import { stripApi } from '../lib/paths.ts';
import { apiPath } from './paths.ts';

/**
 * The photos of a letter's requirements (ADR 0015; contract: letters.ts): the resident's staged
 * ones and a filed request's, for the resident's pages and the office's desk.
 */

/**
 * Where a set of photos lives: the resident's photos staged for their next request of a type
 * (`{base}/attachments`), or a filed request's (`{base}/{id}/attachments`).
 */
export type AttachmentScope =
  { kind: 'staged'; base: string } | { kind: 'request'; base: string; requestId: number };

export function attachmentsPath(scope: AttachmentScope): string {
  return scope.kind === 'staged'
    ? apiPath(letterPaths.stagedAttachments(scope.base))
    : apiPath(letterPaths.attachments(scope.base), { id: scope.requestId });
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
