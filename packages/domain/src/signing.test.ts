import { describe, expect, it } from 'vitest';
import { fieldErrors } from './schemas/fields.ts';
import { LETTER_TYPES } from './letters/registry.ts';
import {
  canTransition,
  findTransition,
  LETTER_STATUS_LABELS,
  LETTER_STATUS_MEANINGS,
  LETTER_STATUSES,
  type LetterStatus,
} from './letters/statuses.ts';
import {
  approvalRequired,
  delegationActive,
  pinProblem,
  signerFor,
  type Position,
  type SigningSetup,
} from './signing.ts';
import type { Role } from './roles.ts';
import { approveSchema, signingSettingsUpdateSchema } from './schemas/signing.ts';

const TODAY = '2026-11-23';
const HEAD = 10;
const SECRETARY = 11;
const setup = (away: boolean): SigningSetup => ({
  head_user_id: HEAD,
  secretary_user_id: SECRETARY,
  head_away_from: away ? '2026-11-20' : null,
  head_away_until: away ? '2026-11-25' : null,
  approval_exempt: [],
});

/** The people who may act on a letter, by role and position. */
const ACTORS: { name: string; id: number; role: Role; position: Position | null }[] = [
  { name: 'warga', id: 1, role: 'WARGA', position: null },
  { name: 'operator', id: 2, role: 'ADMINISTRATOR', position: 'operator' },
  { name: 'sekretaris desa', id: SECRETARY, role: 'ADMINISTRATOR', position: 'sekretaris_desa' },
  { name: 'kepala desa', id: HEAD, role: 'ADMINISTRATOR', position: 'kepala_desa' },
  // Holds the position but is not the account the settings name.
  { name: 'another kepala desa', id: 12, role: 'ADMINISTRATOR', position: 'kepala_desa' },
];

/** What the design says, written out: the changes around signing, who may make them. */
function expected(
  from: LetterStatus,
  to: LetterStatus,
  actor: (typeof ACTORS)[number],
  needsApproval: boolean,
  away: boolean,
): boolean {
  const admin = actor.role === 'ADMINISTRATOR';
  const signer =
    actor.id === HEAD || (actor.id === SECRETARY && away && actor.position === 'sekretaris_desa');
  if (from === 'processing' && to === 'completed') return admin && !needsApproval;
  if (from === 'processing' && to === 'awaiting_signature') return admin && needsApproval;
  if (from === 'awaiting_signature' && (to === 'completed' || to === 'processing')) {
    return admin && signer;
  }
  return false;
}

const SIGNING_CHANGES: [LetterStatus, LetterStatus][] = [
  ['processing', 'completed'],
  ['processing', 'awaiting_signature'],
  ['awaiting_signature', 'completed'],
  ['awaiting_signature', 'processing'],
  ['awaiting_signature', 'rejected'],
  ['awaiting_signature', 'cancelled'],
  ['awaiting_signature', 'needs_revision'],
  ['submitted', 'awaiting_signature'],
  ['needs_revision', 'awaiting_signature'],
];

// Every type, with and without approval, every actor, with and without a delegation.
const cases = LETTER_TYPES.flatMap((type) =>
  [true, false].flatMap((needsApproval) =>
    [false, true].flatMap((away) =>
      ACTORS.map((actor) => ({ type: type.code, needsApproval, away, actor })),
    ),
  ),
);

describe('signing transitions, per letter type, approval setting, role and position', () => {
  it.each(cases)(
    '$type approval=$needsApproval away=$away by $actor.name',
    ({ type, needsApproval, away, actor }) => {
      const exempt = needsApproval ? [] : [type];
      const ctx = {
        approvalRequired: approvalRequired({ ...setup(away), approval_exempt: exempt }, type),
        signer: signerFor(setup(away), { ...actor, active: true }, TODAY).canSign,
      };
      for (const [from, to] of SIGNING_CHANGES) {
        expect(canTransition(from, to, actor.role, ctx), `${from} → ${to}`).toBe(
          expected(from, to, actor, needsApproval, away),
        );
      }
    },
  );

  it('returning needs a note; sending for signature does not', () => {
    expect(findTransition('awaiting_signature', 'processing')?.noteRequired).toBe(true);
    expect(findTransition('processing', 'awaiting_signature')?.noteRequired).toBe(false);
    expect(findTransition('submitted', 'processing')?.noteRequired).toBe(false);
    expect(findTransition('awaiting_signature', 'completed')?.actionLabel).toBe(
      'Setujui dan Terbitkan',
    );
    expect(findTransition('awaiting_signature', 'processing')?.actionLabel).toBe('Kembalikan');
    expect(findTransition('processing', 'awaiting_signature')?.actionLabel).toBe(
      'Ajukan Tanda Tangan',
    );
  });

  it('every status has a label and a meaning for the resident', () => {
    for (const s of LETTER_STATUSES) {
      expect(LETTER_STATUS_LABELS[s]).toMatch(/\S/);
      expect(LETTER_STATUS_MEANINGS[s]).toMatch(/\.$/);
    }
    expect(LETTER_STATUS_LABELS.awaiting_signature).toBe('Menunggu Tanda Tangan');
    expect(LETTER_STATUS_MEANINGS.awaiting_signature).toContain('tanda tangan Kepala Desa');
  });
});

describe('who signs', () => {
  it('the Kepala Desa always; the Sekretaris Desa only during the away dates, on behalf', () => {
    const head = { id: HEAD, role: 'ADMINISTRATOR' as const, position: 'kepala_desa' as const };
    const sec = {
      id: SECRETARY,
      role: 'ADMINISTRATOR' as const,
      position: 'sekretaris_desa' as const,
    };
    expect(signerFor(setup(false), { ...head, active: 1 }, TODAY)).toEqual({
      canSign: true,
      onBehalf: false,
    });
    expect(signerFor(setup(true), { ...head, active: 1 }, TODAY).canSign).toBe(true);
    expect(signerFor(setup(false), { ...sec, active: 1 }, TODAY).canSign).toBe(false);
    expect(signerFor(setup(true), { ...sec, active: 1 }, TODAY)).toEqual({
      canSign: true,
      onBehalf: true,
    });
    // The away dates are inclusive, in village days.
    expect(signerFor(setup(true), { ...sec, active: 1 }, '2026-11-25').canSign).toBe(true);
    expect(signerFor(setup(true), { ...sec, active: 1 }, '2026-11-26').canSign).toBe(false);
    expect(signerFor(setup(true), { ...sec, active: 1 }, '2026-11-19').canSign).toBe(false);
    // An account deactivated, or moved to another position, no longer signs.
    expect(signerFor(setup(false), { ...head, active: 0 }, TODAY).canSign).toBe(false);
    expect(
      signerFor(setup(false), { ...head, position: 'operator', active: 1 }, TODAY).canSign,
    ).toBe(false);
    expect(signerFor(setup(false), { ...head, role: 'WARGA', active: 1 }, TODAY).canSign).toBe(
      false,
    );
    // Without a Kepala Desa account nobody could approve: every type is issued in one step.
    expect(approvalRequired({ head_user_id: null, approval_exempt: [] }, 'ku')).toBe(false);
    expect(approvalRequired({ head_user_id: HEAD, approval_exempt: [] }, 'ku')).toBe(true);
    expect(approvalRequired({ head_user_id: HEAD, approval_exempt: ['ku'] }, 'ku')).toBe(false);
    // No secretary: no delegation, whatever the dates.
    expect(delegationActive({ ...setup(true), secretary_user_id: null }, TODAY)).toBe(false);
  });
});

describe('signing schemas', () => {
  const errors = (r: { success: boolean; error?: unknown }) =>
    r.success ? {} : fieldErrors(r.error as Parameters<typeof fieldErrors>[0]);

  it('the approval needs exactly one of the password and the PIN, and 1–50 distinct ids', () => {
    expect(approveSchema.parse({ ids: [1, 2], password: 'rahasia123' })).toEqual({
      ids: [1, 2],
      password: 'rahasia123',
    });
    expect(errors(approveSchema.safeParse({ ids: [1] }))).toEqual({
      password: ['Masukkan kata sandi atau PIN Anda untuk menyetujui surat.'],
    });
    expect(errors(approveSchema.safeParse({ ids: [1], password: 'x', pin: '135790' }))).toEqual({
      pin: ['Masukkan kata sandi atau PIN saja, bukan keduanya.'],
    });
    expect(errors(approveSchema.safeParse({ ids: [], pin: '135790' }))).toEqual({
      ids: ['Pilih 1 sampai 50 surat yang akan disetujui.'],
    });
    expect(errors(approveSchema.safeParse({ ids: [3, 3], pin: '135790' }))).toEqual({
      ids: ['Setiap surat cukup dipilih sekali.'],
    });
  });

  it('a PIN is six digits, not the same digit or a run', () => {
    expect(pinProblem('135790')).toBeNull();
    expect(pinProblem('12345')).toBe('PIN harus 6 digit angka.');
    expect(pinProblem('111111')).toMatch(/mudah ditebak/);
    expect(pinProblem('123456')).toMatch(/mudah ditebak/);
  });

  it('away dates come in pairs, in order; approval names known types', () => {
    expect(errors(signingSettingsUpdateSchema.safeParse({ head_away_from: '2026-11-20' }))).toEqual(
      { head_away_until: ['Isi tanggal mulai dan tanggal selesai, atau kosongkan keduanya.'] },
    );
    expect(
      errors(
        signingSettingsUpdateSchema.safeParse({
          head_away_from: '2026-11-20',
          head_away_until: '2026-11-19',
        }),
      ),
    ).toEqual({ head_away_until: ['Tanggal selesai tidak boleh sebelum tanggal mulai.'] });
    expect(errors(signingSettingsUpdateSchema.safeParse({ approval: { xx: true } }))).toEqual({
      approval: ['Jenis surat tidak dikenal pada pengaturan persetujuan.'],
    });
    expect(
      signingSettingsUpdateSchema.parse({
        head_away_from: '',
        head_away_until: '',
        approval: { ku: false },
      }),
    ).toEqual({ head_away_from: null, head_away_until: null, approval: { ku: false } });
  });
});
