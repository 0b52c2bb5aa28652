import {
  contentResourceByGroup,
  letterTypeByCode,
  type ContentResource,
  type LetterType,
} from '@balai/domain';

/** What an `/admin/{group}` slug names: a content resource, or a letter desk (`service-{type}`). */
export type AdminGroup =
  { kind: 'content'; resource: ContentResource } | { kind: 'desk'; type: LetterType };

/** The prefix of a letter desk's group: `/admin/service-ku`. */
export const DESK_PREFIX = 'service-';

/** The group slug of a letter type's desk ('service-ku'). */
export const deskGroup = (type: Pick<LetterType, 'code'>) => `${DESK_PREFIX}${type.code}`;

/**
 * React Router cannot match `service-:code`, so one `:group` route resolves the slug against
 * the registries; an unknown slug is null and the page sends it to /404.
 */
export function resolveGroup(slug: string | undefined): AdminGroup | null {
  if (!slug) return null;
  if (slug.startsWith(DESK_PREFIX)) {
    const type = letterTypeByCode(slug.slice(DESK_PREFIX.length));
    return type ? { kind: 'desk', type } : null;
  }
  const resource = contentResourceByGroup(slug);
  return resource ? { kind: 'content', resource } : null;
}
