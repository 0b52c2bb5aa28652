import { isAdmin } from '@balai/domain';
import { describe, expect, it } from 'vitest';
import { isAdministrator } from './auth-state.ts';

// auth-state.ts is in the public first load: it asks the policy through the zod-free
// `@balai/domain/policy` (a signed-in session is an active account's), the same answer as isAdmin.
describe('isAdministrator', () => {
  it.each([
    [{ roles: [{ name: 'ADMINISTRATOR' }] }],
    [{ roles: [{ name: 'Administrator' }] }],
    [{ roles: [{ name: 'administrator' }, { name: 'WARGA' }] }],
    [{ roles: [{ name: 'WARGA' }, { name: 'ADMINISTRATOR' }] }],
    [{ roles: [{ name: 'WARGA' }] }],
    [{ roles: [{ name: 'admin' }] }],
    [{ roles: [] }],
    [{}],
    [null],
    [undefined],
  ])('%j: the same answer as the domain’s isAdmin', (user) => {
    expect(isAdministrator(user)).toBe(isAdmin(user));
  });
});
