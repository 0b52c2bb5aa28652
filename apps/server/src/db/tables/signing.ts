import type { Position } from '@balai/domain';

/** Who signs letters (migration 0009, docs/signing.md): one row, id = 1. */
export interface SigningSettingsTable {
  id: number;
  /** The Kepala Desa account; null: none named yet (letters are issued in one step). */
  head_user_id: number | null;
  /** The Sekretaris Desa account, who signs "a.n. Kepala Desa" while the Kepala Desa is away. */
  secretary_user_id: number | null;
  /** Days (village time, YYYY-MM-DD, inclusive) the Kepala Desa is away; both or neither. */
  head_away_from: string | null;
  head_away_until: string | null;
  /** JSON array of the letter type codes issued without approval. */
  approval_exempt: string;
  updated_at: string;
}

/** Who approved an issued letter, frozen as printed on it (the verify page reads it). */
export interface LetterSignaturesTable {
  letter_request_id: number;
  signer_id: number | null;
  signer_name: string;
  signer_position: Position;
  signer_nip: string | null;
  /** 1: the Sekretaris Desa signed "a.n. Kepala Desa". */
  on_behalf: number;
  /** How the signer confirmed: 'password' or 'pin'. */
  method: 'password' | 'pin';
  /** The clerk who sent it for signature. */
  requested_by: number | null;
  signed_at: string;
}

export interface SigningTables {
  signing_settings: SigningSettingsTable;
  letter_signatures: LetterSignaturesTable;
}
