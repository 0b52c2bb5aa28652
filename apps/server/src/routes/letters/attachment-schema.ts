import { z } from 'zod';
import type { LetterType } from '@balai/domain';
import type { AttachmentMeta } from '../../repositories/letter-attachments.ts';

/** A photo of a requirement in API answers (ADR 0015): everything but the bytes, and where to read them. */
export const attachmentSchema = z.object({
  id: z.number(),
  requirement: z.string(),
  requirement_label: z.string(),
  online: z.enum(['required', 'optional', 'office']),
  mime: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
  sha256: z.string(),
  created_at: z.string(),
  url: z.string(),
  thumb_url: z.string(),
});
export type ApiAttachment = z.infer<typeof attachmentSchema>;

/** Where the photo is read: under its request, or under the type while staged. */
function attachmentUrl(type: LetterType, a: Pick<AttachmentMeta, 'id' | 'letter_request_id'>) {
  return a.letter_request_id === null
    ? `${type.base}/attachments/${a.id}`
    : `${type.base}/${a.letter_request_id}/attachments/${a.id}`;
}

export function toApiAttachment(type: LetterType, a: AttachmentMeta): ApiAttachment {
  const req = type.requirements.find((r) => r.key === a.requirement);
  const url = attachmentUrl(type, a);
  return {
    id: a.id,
    requirement: a.requirement,
    requirement_label: req?.label ?? a.requirement,
    online: req?.online ?? 'optional',
    mime: a.mime,
    size: a.size,
    width: a.width,
    height: a.height,
    sha256: a.sha256,
    created_at: a.created_at,
    url,
    thumb_url: `${url}/thumb`,
  };
}
