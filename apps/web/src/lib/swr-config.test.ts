import { describe, expect, it } from 'vitest';
import { isPrivateKey } from './swr-config.ts';

describe('isPrivateKey', () => {
  it('keeps the public site data across sign-out and clears the rest', () => {
    expect(isPrivateKey('/settings')).toBe(false);
    expect(isPrivateKey('/letter-types')).toBe(false);
    expect(isPrivateKey(['/homepage-headers', { per_page: 100 }])).toBe(false);
    expect(isPrivateKey('/profile')).toBe(true);
    expect(isPrivateKey('/notifications/unread-count')).toBe(true);
  });
});
