import {
  DEFAULT_ADMIN_POSITION,
  POSITION_LABELS,
  holdsPosition,
  mayHoldPosition,
  namedAs,
  type Position,
} from '@balai/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, invalidField } from '../../lib/http-error.ts';
import { getSigningSetup } from '../../repositories/signing.ts';
import type { UserRow } from '../../repositories/users.ts';

const ADMINS_ONLY = 'Jabatan hanya untuk akun administrator.';

/**
 * The position an account gets from a create or an update (issue 15): an administrator holds
 * one (operator unless told otherwise), a resident none.
 */
export function positionFor(
  role: UserRow['role'],
  requested: Position | null | undefined,
  current: Position | null,
): Position | null {
  if (!mayHoldPosition(role)) {
    if (requested) throw invalidField('position', ADMINS_ONLY);
    return null;
  }
  return requested ?? current ?? DEFAULT_ADMIN_POSITION;
}

/**
 * The accounts the signing settings name keep their position, role and active flag until the
 * settings name another: a 409 otherwise, so letters never wait for a signer who cannot sign.
 */
export async function assertSignerKept(
  db: Kysely<Database>,
  target: UserRow,
  next: { role: UserRow['role']; position: Position | null; active: boolean },
): Promise<void> {
  const position = namedAs(await getSigningSetup(db), target.id);
  if (!position) return;
  if (!holdsPosition(next, position)) {
    const label = POSITION_LABELS[position];
    throw conflict(
      `Akun ini ditetapkan sebagai ${label} di Pengaturan → Tanda Tangan. Tetapkan akun ${label} lain lebih dulu.`,
    );
  }
}
