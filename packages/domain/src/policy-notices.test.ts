import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY, can, decide, type PolicyUser } from './policy.ts';

const clerk: PolicyUser = { id: 1, role: 'ADMINISTRATOR', position: null, active: 1 };
const resident: PolicyUser = { id: 2, role: 'WARGA', position: null, active: 1 };

describe('notices.manage (issue 22)', () => {
  it('the office sees and retries delivery; a resident or an inactive account does not', () => {
    expect(can(clerk, 'notices.manage')).toBe(true);
    expect(can(resident, 'notices.manage')).toBe(false);
    expect(can({ ...clerk, active: 0 }, 'notices.manage')).toBe(false);
    expect(decide(resident, 'notices.manage', undefined)).toEqual({
      outcome: 'deny',
      status: 403,
      message: ADMIN_ONLY,
    });
  });
});
