import { describe, expect, it } from 'vitest';
import { socialLinks } from './social-links.ts';

describe('footer social links', () => {
  it('names X as X and links it to x.com, from an address or a handle', () => {
    const none = { whatsapp: null, youtube: null, instagram: null };
    expect(socialLinks({ ...none, twitter: 'https://x.com/desasukamaju' })).toEqual([
      { label: 'X', href: 'https://x.com/desasukamaju' },
    ]);
    expect(socialLinks({ ...none, twitter: '@desasukamaju' })).toEqual([
      { label: 'X', href: 'https://x.com/desasukamaju' },
    ]);
  });

  it('builds WhatsApp, YouTube and Instagram links from numbers and handles, leaving empty ones out', () => {
    expect(
      socialLinks({ whatsapp: '0812-3456-7890', youtube: '@desa', instagram: ' ', twitter: null }),
    ).toEqual([
      { label: 'WhatsApp', href: 'https://wa.me/6281234567890' },
      { label: 'YouTube', href: 'https://www.youtube.com/@desa' },
    ]);
    expect(socialLinks(null)).toEqual([]);
  });
});
