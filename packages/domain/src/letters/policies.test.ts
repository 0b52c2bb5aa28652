import { describe, expect, it } from 'vitest';
import { isAdmin } from '../roles.ts';
import {
  canDeleteLetter,
  DELETABLE_STATUSES,
  LETTER_STATUSES,
  statusesRoleMaySet,
  statusesRoleMaySetFrom,
} from './statuses.ts';

describe('letter policies', () => {
  it('a request may be deleted only when cancelled or rejected (issued letters are records)', () => {
    expect(DELETABLE_STATUSES).toEqual(['cancelled', 'rejected']);
    expect(LETTER_STATUSES.filter(canDeleteLetter)).toEqual(['rejected', 'cancelled']);
  });

  it('which statuses each role may set at all', () => {
    expect(statusesRoleMaySet('ADMINISTRATOR')).toEqual([
      'submitted',
      'needs_revision',
      'processing',
      'awaiting_signature',
      'completed',
      'rejected',
    ]);
    expect(statusesRoleMaySet('WARGA')).toEqual(['submitted', 'cancelled']);
  });

  it.each([
    ['submitted', 'ADMINISTRATOR', ['processing', 'needs_revision', 'rejected']],
    ['submitted', 'WARGA', ['cancelled']],
    ['needs_revision', 'ADMINISTRATOR', ['rejected', 'processing']],
    ['needs_revision', 'WARGA', ['cancelled']],
    ['processing', 'ADMINISTRATOR', ['completed', 'rejected', 'needs_revision']],
    ['processing', 'WARGA', []],
    ['completed', 'ADMINISTRATOR', []],
    ['rejected', 'ADMINISTRATOR', []],
    ['cancelled', 'WARGA', []],
    ['awaiting_signature', 'ADMINISTRATOR', []],
  ] as const)('from %s, %s may set %j by an action', (from, role, expected) => {
    expect(statusesRoleMaySetFrom(from, role)).toEqual(expected);
  });

  it.each([
    [
      'processing',
      { approvalRequired: true },
      ['awaiting_signature', 'rejected', 'needs_revision'],
    ],
    ['processing', { approvalRequired: false }, ['completed', 'rejected', 'needs_revision']],
    // Approving needs the password or PIN: it is not a plain status action.
    ['awaiting_signature', { approvalRequired: true, signer: true }, ['processing']],
    ['awaiting_signature', { approvalRequired: true, signer: false }, []],
  ] as const)('from %s with %j an administrator may set %j', (from, ctx, expected) => {
    expect(statusesRoleMaySetFrom(from, 'ADMINISTRATOR', ctx)).toEqual(expected);
  });
});

describe('isAdmin', () => {
  it.each([
    [{ roles: [{ name: 'ADMINISTRATOR' }] }, true],
    [{ roles: [{ name: 'Administrator' }] }, true],
    [{ roles: [{ name: 'administrator' }, { name: 'WARGA' }] }, true],
    [{ roles: [{ name: 'WARGA' }, { name: 'ADMINISTRATOR' }] }, false],
    [{ roles: [] }, false],
    [{ roles: [{ name: 'admin' }] }, false],
    [{ role: 'ADMINISTRATOR' }, true],
    [{ role: 'WARGA' }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j → %s (the first role name, lower-cased, is "administrator")', (user, expected) => {
    expect(isAdmin(user)).toBe(expected);
  });
});
