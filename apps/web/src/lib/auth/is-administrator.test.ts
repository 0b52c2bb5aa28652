import { isAdmin } from '@balai/domain';
import { describe, expect, it } from 'vitest';
import { isAdministrator } from './auth-state.ts';

// auth-state.ts is in the public first load, which must not pull in the domain package (its
// zod); so it keeps its own copy of the rule, held equal to the domain's here.
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
