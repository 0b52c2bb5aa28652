import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../schemas/fields.ts';
import type { Role } from '../roles.ts';
import {
  availableTransitions,
  canEditLetter,
  canTransition,
  FINAL_STATUSES,
  LETTER_STATUS_LABELS,
  LETTER_STATUSES,
  letterStatusChangeSchema,
  statusAfterEdit,
  transitionError,
  type LetterStatus,
} from './statuses.ts';

/** DESIGN.md section 4, written out: from → to → who may do it. */
const EXPECTED: Record<LetterStatus, Partial<Record<LetterStatus, Role[]>>> = {
  submitted: {
    processing: ['ADMINISTRATOR'],
    needs_revision: ['ADMINISTRATOR'],
    rejected: ['ADMINISTRATOR'],
    cancelled: ['WARGA'],
  },
  needs_revision: {
    submitted: ['WARGA', 'ADMINISTRATOR'],
    cancelled: ['WARGA'],
    rejected: ['ADMINISTRATOR'],
    processing: ['ADMINISTRATOR'],
  },
  processing: {
    completed: ['ADMINISTRATOR'],
    rejected: ['ADMINISTRATOR'],
    needs_revision: ['ADMINISTRATOR'],
  },
  // Only for the designated signer (signing.test.ts has the table with approval and positions).
  awaiting_signature: {},
  completed: {},
  rejected: {},
  cancelled: {},
};

const ROLES: Role[] = ['ADMINISTRATOR', 'WARGA'];
const matrix = LETTER_STATUSES.flatMap((from) =>
  LETTER_STATUSES.flatMap((to) =>
    ROLES.map((role) => [from, to, role, EXPECTED[from][to]?.includes(role) ?? false] as const),
  ),
);

describe('letter statuses', () => {
  it('have the Indonesian labels of the design', () => {
    expect(LETTER_STATUS_LABELS).toEqual({
      submitted: 'Diajukan',
      needs_revision: 'Perlu Dilengkapi',
      processing: 'Diproses',
      awaiting_signature: 'Menunggu Tanda Tangan',
      completed: 'Selesai',
      rejected: 'Ditolak',
      cancelled: 'Dibatalkan',
    });
  });

  it.each(matrix)('%s → %s by %s: allowed %s', (from, to, role, allowed) => {
    expect(canTransition(from, to, role)).toBe(allowed);
  });

  it('final statuses lead nowhere', () => {
    for (const from of FINAL_STATUSES) {
      for (const role of ROLES) expect(availableTransitions(from, role)).toEqual([]);
    }
  });

  it('a resident can only cancel, while submitted or needing revision', () => {
    expect(availableTransitions('submitted', 'WARGA').map((t) => t.to)).toEqual(['cancelled']);
    expect(availableTransitions('needs_revision', 'WARGA').map((t) => t.to)).toEqual(['cancelled']);
    expect(availableTransitions('processing', 'WARGA')).toEqual([]);
  });

  it('needs a note to ask for revision or to reject', () => {
    const noted = availableTransitions('processing', 'ADMINISTRATOR').filter((t) => t.noteRequired);
    expect(noted.map((t) => t.to).sort()).toEqual(['needs_revision', 'rejected']);
    const r = letterStatusChangeSchema.safeParse({ status: 'rejected', note: '  ' });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({
      note: ['Catatan wajib diisi untuk perubahan status ini.'],
    });
    expect(letterStatusChangeSchema.parse({ status: 'processing' })).toEqual({
      status: 'processing',
      note: null,
    });
    expect(
      letterStatusChangeSchema.parse({
        status: 'needs_revision',
        note: ' Lampirkan surat pengantar RT. ',
      }),
    ).toEqual({ status: 'needs_revision', note: 'Lampirkan surat pengantar RT.' });
    expect(letterStatusChangeSchema.safeParse({ status: 'archived' }).success).toBe(false);
  });

  it('lets a resident edit only while submitted or needing revision; editing resubmits', () => {
    expect(LETTER_STATUSES.filter((s) => canEditLetter(s, 'WARGA'))).toEqual([
      'submitted',
      'needs_revision',
    ]);
    expect(LETTER_STATUSES.filter((s) => canEditLetter(s, 'ADMINISTRATOR'))).toEqual([
      'submitted',
      'needs_revision',
      'processing',
    ]);
    expect(canEditLetter('awaiting_signature', 'ADMINISTRATOR')).toBe(false);
    expect(statusAfterEdit('needs_revision')).toBe('submitted');
    expect(statusAfterEdit('submitted')).toBe('submitted');
  });

  it('explains a refused change in Indonesian', () => {
    expect(transitionError('completed', 'cancelled')).toBe(
      'Status surat tidak dapat diubah dari "Selesai" menjadi "Dibatalkan".',
    );
  });
});
