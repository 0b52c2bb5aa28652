// The positions of administrator accounts (issue 15, docs/signing.md). No zod here: the user
// field definitions (user-fields.ts) use them, and the web may import those anywhere.

/** The positions an administrator account can hold; residents hold none. */
export const POSITIONS = ['operator', 'sekretaris_desa', 'kepala_desa'] as const;
export type Position = (typeof POSITIONS)[number];

export const POSITION_LABELS: Record<Position, string> = {
  operator: 'Operator/Staf',
  sekretaris_desa: 'Sekretaris Desa',
  kepala_desa: 'Kepala Desa',
};

export const NIP_MESSAGE = 'NIP hanya boleh berisi angka, spasi dan titik (paling banyak 30).';
