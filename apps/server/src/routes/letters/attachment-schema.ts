import type { LetterType } from '@balai/domain';
import { fillPath, letterPaths, type ApiAttachment } from '@balai/domain/contract';
import type { AttachmentMeta } from '../../repositories/letter-attachments.ts';

/** Where the photo is read: under its request, or under the type while staged. */
function attachmentUrl(type: LetterType, a: Pick<AttachmentMeta, 'id' | 'letter_request_id'>) {
  return a.letter_request_id === null
    ? fillPath(letterPaths.stagedAttachment(type.base), { aid: a.id })
    : fillPath(letterPaths.attachment(type.base), { id: a.letter_request_id, aid: a.id });
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
