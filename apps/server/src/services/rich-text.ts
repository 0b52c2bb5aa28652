import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the admin editor is stored only after this allow-list (ADR 0006): what is not
 * listed is dropped, so nothing new a browser learns to execute can get through. Plain text
 * fields are stored as typed — React escapes them on output — minus control characters and bidi overrides (the domain's cleanPlainText).
 */

/** Images in rich text come only from this site's own stored files. */
const FILE_SRC = /^\/files\/\d{1,15}(?:\/thumb)?$/;
/** Links: http, https, mailto, or a path on this site (not `//host` or `/\host`). */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?![/\\]))/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'u',
    'blockquote',
    'br',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Whatever these hold is code or widgets, never text to keep.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'head',
  ],
  nestingLimit: 30,
  transformTags: {
    h1: 'h2',
    div: 'p',
    h5: 'h4',
    h6: 'h4',
    b: 'strong',
    i: 'em',
    a: (_tag, attribs) => {
      const href = (attribs.href ?? '').trim();
      return {
        tagName: 'a',
        attribs: {
          ...(SAFE_HREF.test(href) ? { href } : {}),
          ...(attribs.title ? { title: attribs.title } : {}),
          rel: 'noopener noreferrer',
        },
      };
    },
    img: (_tag, attribs) => ({
      tagName: 'img',
      attribs: {
        ...(FILE_SRC.test((attribs.src ?? '').trim()) ? { src: (attribs.src ?? '').trim() } : {}),
        ...(attribs.alt ? { alt: attribs.alt } : {}),
        ...(/^\d{1,4}$/.test(attribs.width ?? '') ? { width: attribs.width ?? '' } : {}),
        ...(/^\d{1,4}$/.test(attribs.height ?? '') ? { height: attribs.height ?? '' } : {}),
      },
    }),
  },
  // An image without an allowed source is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitised rich text shows nothing: no words and no image. */
export function isBlankRichText(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
  return text === '';
}

/** Plain text is cleaned by the one rule of the domain (packages/domain/src/plain-text.ts). */
export { cleanPlainText } from '@balai/domain';
