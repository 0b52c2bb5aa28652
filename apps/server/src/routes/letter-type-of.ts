import { letterTypeByCode, type LetterType } from '@balai/domain';

/** The letter type of a stored row (request, archive entry); a code the registry lacks is a bug. */
export function typeOf(row: { type: string }): LetterType {
  const type = letterTypeByCode(row.type);
  if (!type) throw new Error(`letter request of unknown type ${row.type}`);
  return type;
}
