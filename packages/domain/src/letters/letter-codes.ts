/** The codes of the 15 letter types (LETTERS.md), in alphabetical order. */
export const LETTER_CODES = [
  'irr',
  'k',
  'kbnbs',
  'kbnkk',
  'kdtt',
  'kkel',
  'kkem',
  'kks',
  'kp',
  'ktm',
  'ktts',
  'ku',
  'pk',
  'pp',
  'pskck',
] as const;
export type LetterCode = (typeof LETTER_CODES)[number];
