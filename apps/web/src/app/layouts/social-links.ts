import type { VillageSettings } from '../../lib/settings.ts';

export interface SocialLink {
  label: string;
  href: string;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);
const handle = (value: string) => value.trim().replace(/^@/, '');

/**
 * The footer's social links from the settings, which may hold full addresses or just handles
 * (and a phone number for WhatsApp). Empty ones are left out.
 */
export function socialLinks(social: VillageSettings['social'] | null | undefined): SocialLink[] {
  if (!social) return [];
  const links: SocialLink[] = [];
  const add = (label: string, value: string | null, build: (v: string) => string) => {
    const v = value?.trim();
    if (v) links.push({ label, href: isUrl(v) ? v : build(v) });
  };
  add('WhatsApp', social.whatsapp, (v) => {
    const digits = v.replace(/\D/g, '');
    return `https://wa.me/${digits.startsWith('0') ? `62${digits.slice(1)}` : digits}`;
  });
  add('YouTube', social.youtube, (v) => `https://www.youtube.com/@${handle(v)}`);
  add('Instagram', social.instagram, (v) => `https://www.instagram.com/${handle(v)}`);
  // Twitter is called X now, at x.com: the link says what it opens (issue 25).
  add('X', social.twitter, (v) => `https://x.com/${handle(v)}`);
  return links;
}
