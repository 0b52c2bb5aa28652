/**
 * Letter numbers (DESIGN section 4): the settings' format with placeholders, filled with the
 * type's classification code and a sequence number given out inside the issuing transaction.
 * Which sequence a letter draws from follows from the format, so two letters can never render
 * the same number (ADR 0007).
 */
import type { SequenceKey } from '../repositories/letter-sequences.ts';

/** One register per classification code when the format prints the code, else one for all. */
export const GLOBAL_SCOPE = '*';

export type { SequenceKey };

/**
 * The sequence a letter of this classification code draws from. Several types share a code
 * (470 is used by six), so a sequence per type would print one number twice; a sequence per
 * printed code (or one for all when the code is not printed) cannot.
 */
export function sequenceKey(format: string, classificationCode: string, year: number): SequenceKey {
  return {
    scope: format.includes('{code}') ? classificationCode : GLOBAL_SCOPE,
    year: format.includes('{year}') ? year : 0,
  };
}

/** Filling the format is shared with the admin's live preview (packages/domain). */
export { formatLetterNumber, type NumberParts } from '@balai/domain';
