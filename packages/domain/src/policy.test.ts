import { describe, expect, it } from 'vitest';
import {
  AWAY_HEAD_ONLY,
  HEAD_ONLY,
  HEAD_POSITION_HEAD_ONLY,
  SETUP_HEAD_ONLY,
  SIGNER_ACCOUNT_HEAD_ONLY,
  can,
  decide,
  holdsPosition,
  isActiveAdmin,
  isNamedHead,
  mayHoldPosition,
  signingSettingsAccess,
  type PolicyUser,
} from './policy.ts';
import { signingChanges, type SigningSetup } from './signing-setup.ts';

const HEAD = 10;
const SECRETARY = 11;
const TODAY = '2026-11-23';

const named: SigningSetup = {
  head_user_id: HEAD,
  secretary_user_id: SECRETARY,
  head_away_from: null,
  head_away_until: null,
  approval_exempt: [],
};
const none: SigningSetup = { ...named, head_user_id: null };

const head: PolicyUser = { id: HEAD, role: 'ADMINISTRATOR', position: 'kepala_desa', active: 1 };
const secretary: PolicyUser = {
  id: SECRETARY,
  role: 'ADMINISTRATOR',
  position: 'sekretaris_desa',
  active: 1,
};
const clerk: PolicyUser = { id: 2, role: 'ADMINISTRATOR', position: 'operator', active: 1 };
const otherHead: PolicyUser = { id: 12, role: 'ADMINISTRATOR', position: 'kepala_desa', active: 1 };
const resident: PolicyUser = { id: 3, role: 'WARGA', position: null, active: 1 };
const inactiveHead: PolicyUser = { ...head, active: 0 };

const away = { ...named, head_away_from: TODAY, head_away_until: TODAY };

describe('the permission policy (ADR 0020)', () => {
  it('only an active administrator holding the position holds it', () => {
    expect(holdsPosition(head, 'kepala_desa')).toBe(true);
    expect(holdsPosition(inactiveHead, 'kepala_desa')).toBe(false);
    expect(holdsPosition({ ...head, role: 'WARGA' }, 'kepala_desa')).toBe(false);
    expect(holdsPosition(clerk, 'kepala_desa')).toBe(false);
    expect(isNamedHead(named, head)).toBe(true);
    expect(isNamedHead(named, otherHead)).toBe(false);
    expect(isNamedHead(named, inactiveHead)).toBe(false);
  });

  it('isActiveAdmin: an active administrator, whichever way the role is spelled (SPEC 6); a position only for one', () => {
    expect(isActiveAdmin(clerk)).toBe(true);
    expect(isActiveAdmin({ ...clerk, active: 0 })).toBe(false);
    expect(isActiveAdmin(resident)).toBe(false);
    expect(isActiveAdmin(null)).toBe(false);
    expect(isActiveAdmin({ role: 'administrator' as PolicyUser['role'], active: true })).toBe(true);
    expect(mayHoldPosition('ADMINISTRATOR')).toBe(true);
    expect(mayHoldPosition('WARGA')).toBe(false);
  });

  it('admin.access: administrators only', () => {
    expect(can(clerk, 'admin.access')).toBe(true);
    expect(can(resident, 'admin.access')).toBe(false);
    expect(can({ ...clerk, active: false }, 'admin.access')).toBe(false);
  });

  it.each([
    ['the Kepala Desa', head, named, true],
    ['the Kepala Desa while away', head, away, true],
    ['the Sekretaris Desa', secretary, named, false],
    ['the Sekretaris Desa during away dates', secretary, away, true],
    ['another Kepala Desa account', otherHead, named, false],
    ['a clerk', clerk, away, false],
    ['a resident', resident, away, false],
    ['the Kepala Desa, deactivated', inactiveHead, named, false],
  ] as const)('letter.sign: %s → %s', (_name, user, setup, expected) => {
    expect(can(user, 'letter.sign', { setup, today: TODAY })).toBe(expected);
  });

  // Bypasses A–C of issue 18, and the rest of the setup, as a table.
  const changes: [string, SigningSetup][] = [
    ['approval of a type off (bypass A)', { ...named, approval_exempt: ['ku'] }],
    ['away dates (bypass B)', away],
    ['another Kepala Desa (bypass C)', { ...named, head_user_id: otherHead.id }],
    ['no Kepala Desa', { ...named, head_user_id: null }],
    ['another Sekretaris Desa', { ...named, secretary_user_id: 99 }],
  ];
  it.each(changes)('signing.configure once a Kepala Desa is named: %s', (_name, next) => {
    for (const user of [clerk, secretary, otherHead, inactiveHead]) {
      const d = decide(user, 'signing.configure', { setup: named, next });
      expect(d).toMatchObject({ outcome: 'deny', status: 403 });
      if (user.active) expect(d).toMatchObject({ message: SETUP_HEAD_ONLY });
      expect(can(user, 'signing.configure', { setup: named, next, confirmed: true })).toBe(false);
    }
    expect(decide(head, 'signing.configure', { setup: named, next }).outcome).toBe('confirm');
    expect(can(head, 'signing.configure', { setup: named, next })).toBe(false);
    expect(can(head, 'signing.configure', { setup: named, next, confirmed: true })).toBe(true);
  });

  it('signing.configure: saving what is already there needs nothing', () => {
    expect(can(clerk, 'signing.configure', { setup: named, next: { ...named } })).toBe(true);
  });

  it('signing.configure with no Kepala Desa: any administrator names one, never away dates', () => {
    const first = { ...none, head_user_id: HEAD, approval_exempt: ['k'] };
    expect(can(clerk, 'signing.configure', { setup: none, next: first })).toBe(true);
    const withDates = { ...first, head_away_from: TODAY, head_away_until: TODAY };
    expect(decide(clerk, 'signing.configure', { setup: none, next: withDates })).toEqual({
      outcome: 'deny',
      status: 403,
      message: AWAY_HEAD_ONLY,
    });
    expect(can(resident, 'signing.configure', { setup: none, next: first })).toBe(false);
  });

  it('signing.delegate: the named Kepala Desa sets dates with confirmation, ends them without', () => {
    expect(decide(head, 'signing.delegate', { setup: named, ending: false }).outcome).toBe(
      'confirm',
    );
    expect(can(head, 'signing.delegate', { setup: named, ending: false, confirmed: true })).toBe(
      true,
    );
    expect(can(head, 'signing.delegate', { setup: named, ending: true })).toBe(true);
    expect(decide(secretary, 'signing.delegate', { setup: named, ending: false })).toEqual({
      outcome: 'deny',
      status: 403,
      message: HEAD_ONLY,
    });
  });

  // Bypass D and the rest of a signer's account, as a table.
  it.each([
    ['password (bypass D)', 'password'],
    ['e-mail', 'email'],
    ['name', 'name'],
    ['position', 'position'],
    ['NIP', 'nip'],
    ['active', 'active'],
    ['role', 'role'],
  ])("user.update of a named signer's %s", (_name, field) => {
    for (const target of [head, secretary]) {
      const subject = { setup: named, target, next: target, fields: [field] };
      expect(decide(clerk, 'user.update', subject)).toEqual({
        outcome: 'deny',
        status: 403,
        message: SIGNER_ACCOUNT_HEAD_ONLY,
      });
      expect(can(secretary, 'user.update', { ...subject, confirmed: true })).toBe(false);
      expect(decide(head, 'user.update', subject).outcome).toBe('confirm');
      expect(can(head, 'user.update', { ...subject, confirmed: true })).toBe(true);
    }
  });

  it("user.update: other fields of a signer, and other people's accounts, need nothing", () => {
    expect(
      can(clerk, 'user.update', { setup: named, target: head, next: head, fields: ['phone'] }),
    ).toBe(true);
    expect(
      can(clerk, 'user.update', {
        setup: named,
        target: clerk,
        next: clerk,
        fields: ['password', 'name'],
      }),
    ).toBe(true);
  });

  it('user.update and user.create: making an active Kepala Desa while one is named (bypass C)', () => {
    const promoted = { ...clerk, position: 'kepala_desa' as const };
    const subject = { setup: named, target: clerk, next: promoted, fields: ['position'] };
    expect(decide(clerk, 'user.update', subject)).toEqual({
      outcome: 'deny',
      status: 403,
      message: HEAD_POSITION_HEAD_ONLY,
    });
    expect(can(head, 'user.update', { ...subject, confirmed: true })).toBe(true);
    // Reactivating an account that holds the position is the same.
    const revived = { setup: named, target: inactiveHead, next: head, fields: ['active'] };
    expect(can(clerk, 'user.update', { ...revived, target: { ...inactiveHead, id: 40 } })).toBe(
      false,
    );
    // Before any Kepala Desa is named, anyone may give the position (the first naming is told).
    expect(can(clerk, 'user.update', { ...subject, setup: none })).toBe(true);
    expect(can(clerk, 'user.create', { setup: named, next: promoted })).toBe(false);
    expect(can(head, 'user.create', { setup: named, next: promoted, confirmed: true })).toBe(true);
    expect(can(clerk, 'user.create', { setup: named, next: clerk })).toBe(true);
  });

  it('user.delete: a named signer never (bypass E), anyone else yes', () => {
    for (const user of [clerk, head]) {
      expect(decide(user, 'user.delete', { setup: named, target: head })).toMatchObject({
        outcome: 'deny',
        status: 409,
      });
      expect(can(user, 'user.delete', { setup: named, target: secretary })).toBe(false);
      expect(can(user, 'user.delete', { setup: named, target: otherHead })).toBe(true);
    }
  });

  it('signingSettingsAccess: what the settings screen offers each person', () => {
    expect(signingSettingsAccess(head, named)).toBe('confirm');
    expect(signingSettingsAccess(secretary, named)).toBe('deny');
    expect(signingSettingsAccess(clerk, named)).toBe('deny');
    expect(signingSettingsAccess(clerk, none)).toBe('allow');
    expect(signingSettingsAccess(resident, none)).toBe('deny');
  });

  it('signingChanges names the parts that differ', () => {
    expect(signingChanges(named, named)).toEqual([]);
    expect(signingChanges(named, { ...away, approval_exempt: ['k'] })).toEqual([
      'away',
      'approval',
    ]);
    expect(
      signingChanges(
        { ...named, approval_exempt: ['k', 'ku'] },
        {
          ...named,
          approval_exempt: ['ku', 'k'],
        },
      ),
    ).toEqual([]);
  });
});
