import { apiPaths as shared, publicPaths } from '@balai/domain';
import { describe, expect, it } from 'vitest';
import { apiPaths, paths, safeReturnTo } from './paths.ts';

describe('paths', () => {
  it('uses the same API paths as the server, without the /api base', () => {
    const strip = (p: string) => p.replace(/^\/api/, '');
    expect(apiPaths.login).toBe(strip(shared.login));
    expect(apiPaths.logout).toBe(strip(shared.logout));
    expect(apiPaths.profile).toBe(strip(shared.profile));
    expect(apiPaths.userDetail(5)).toBe(strip(shared.users.detail(5)));
    expect(apiPaths.settings).toBe(strip(shared.settings));
    expect(apiPaths.notificationsUnreadCount).toBe(strip(shared.notificationsUnreadCount));
    expect(apiPaths.letterTypes).toBe(strip(shared.letterTypes));
    expect(apiPaths.verify('a b')).toBe(strip(shared.verify('a b')));
    expect(paths.verify('a b')).toBe(publicPaths.verifyPage('a b'));
    expect(paths.file(9)).toBe(publicPaths.file(9));
  });

  it('builds the login address with a safe returnTo only', () => {
    expect(paths.auth.login()).toBe('/auth/login');
    expect(paths.auth.login('/profile?x=1')).toBe('/auth/login?returnTo=%2Fprofile%3Fx%3D1');
    expect(paths.auth.login('//evil.example')).toBe('/auth/login');
    expect(safeReturnTo('https://evil.example')).toBeNull();
  });
});
