// Who signs (issue 15, docs/signing.md), without zod: the permission policy (policy.ts) and the
// signing schemas (signing.ts) both read it.

/** Who signs, from the settings (docs/signing.md, "Settings"). */
export interface SigningSetup {
  head_user_id: number | null;
  secretary_user_id: number | null;
  /** Days (village time, YYYY-MM-DD, inclusive) the Kepala Desa is away; both or neither. */
  head_away_from: string | null;
  head_away_until: string | null;
  /** Codes of the letter types issued without the head of village's approval. */
  approval_exempt: readonly string[];
}

/** True when the Kepala Desa is away on `today` and a Sekretaris Desa is set to sign for them. */
export function delegationActive(setup: SigningSetup, today: string): boolean {
  return (
    setup.secretary_user_id !== null &&
    setup.head_away_from !== null &&
    setup.head_away_until !== null &&
    setup.head_away_from <= today &&
    today <= setup.head_away_until
  );
}

/** The parts of the signing setup a change touches. */
export type SigningPart = 'head' | 'secretary' | 'away' | 'approval';

/** Which parts differ between two setups (the approval list compared as a set). */
export function signingChanges(before: SigningSetup, next: SigningSetup): SigningPart[] {
  const parts: SigningPart[] = [];
  if (before.head_user_id !== next.head_user_id) parts.push('head');
  if (before.secretary_user_id !== next.secretary_user_id) parts.push('secretary');
  if (
    before.head_away_from !== next.head_away_from ||
    before.head_away_until !== next.head_away_until
  ) {
    parts.push('away');
  }
  const set = (codes: readonly string[]) => [...new Set(codes)].sort().join(',');
  if (set(before.approval_exempt) !== set(next.approval_exempt)) parts.push('approval');
  return parts;
}
