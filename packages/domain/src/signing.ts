// Signing (issue 15, docs/signing.md): the positions of administrator accounts, who signs a
// letter today, the labels and messages of the signing forms. Zod-free (issue 20): the bodies
// of the signing endpoints are in schemas/signing.ts.

import type { Position } from './positions.ts';
import type { SigningSetup } from './signing-setup.ts';

// The positions and their labels live in positions.ts (zod-free, for the user field definitions).
export { NIP_MESSAGE, POSITIONS, POSITION_LABELS, type Position } from './positions.ts';
// Who signs and the permission policy are zod-free too (signing-setup.ts, policy.ts).
export {
  delegationActive,
  signingChanges,
  type SigningPart,
  type SigningSetup,
} from './signing-setup.ts';
export { HEAD_ONLY, SIGNER_ONLY, signerFor, type PolicyUser as SignerCandidate } from './policy.ts';

/** An administrator created without a position is a clerk. */
export const DEFAULT_ADMIN_POSITION: Position = 'operator';

/** What a Sekretaris Desa writes above their position when signing for the Kepala Desa. */
export const ON_BEHALF_LABEL = 'a.n. Kepala Desa';

/**
 * True when a letter of this type needs the head of village's approval: every type not listed as
 * exempt, once a Kepala Desa account is set. Until then nobody could approve, so letters are
 * issued in one step as before issue 15 (an upgraded village keeps working until it names its
 * Kepala Desa).
 */
export function approvalRequired(
  setup: Pick<SigningSetup, 'head_user_id' | 'approval_exempt'>,
  code: string,
): boolean {
  return setup.head_user_id !== null && !setup.approval_exempt.includes(code);
}

export const NO_HEAD_SET =
  'Kepala Desa belum ditetapkan. Atur akun Kepala Desa di Pengaturan → Tanda Tangan.';
export const APPROVAL_NEEDED =
  'Surat jenis ini perlu disetujui Kepala Desa. Pilih Ajukan Tanda Tangan.';
export const WRONG_PASSWORD = 'Kata sandi salah.';
export const WRONG_PIN = 'PIN salah.';

export const NIP_LABEL = 'NIP';
export const POSITION_MESSAGE = 'Jabatan harus Operator/Staf, Sekretaris Desa atau Kepala Desa.';
export const AWAY_FROM_LABEL = 'Tanggal mulai berhalangan';
export const AWAY_UNTIL_LABEL = 'Tanggal selesai berhalangan';
export const PIN_LABEL = 'PIN';
export const PIN_MESSAGE = 'PIN harus 6 digit angka.';
const WEAK_PINS = new Set(['123456', '654321', '012345', '543210']);

/** What is wrong with a new PIN, or null. */
export function pinProblem(pin: string): string | null {
  if (!/^\d{6}$/.test(pin)) return PIN_MESSAGE;
  if (/^(\d)\1{5}$/.test(pin) || WEAK_PINS.has(pin)) {
    return 'PIN terlalu mudah ditebak. Jangan memakai angka yang sama atau berurutan.';
  }
  return null;
}

/** The most letters approved with one confirmation. */
export const MAX_APPROVE_AT_ONCE = 50;
