import type { Generated } from 'kysely';

/** Activation codes handed out by the office (migration 0017, ADR 0029). */
export interface ActivationCodesTable {
  id: Generated<number>;
  person_id: number;
  /** SHA-256 (hex) of the code; the code itself is only ever printed on the slip. */
  code_hash: string;
  scope: 'person' | 'family' | 'area';
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The account the code opened or reset. */
  user_id: number | null;
  revoked_at: string | null;
  revoked_by: number | null;
}

export interface ActivationCodesTables {
  activation_codes: ActivationCodesTable;
}
