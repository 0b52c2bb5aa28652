/**
 * Letter numbers (DESIGN section 4): the settings' format with placeholders, filled with the
 * type's classification code and a sequence number given out inside the issuing transaction.
 * Which sequence a letter draws from follows from the format, so two letters can never render
 * the same number (ADR 0007).
 */

const ROMAN_MONTHS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/** One register per classification code when the format prints the code, else one for all. */
export const GLOBAL_SCOPE = '*';

export interface SequenceKey {
  scope: string;
  /** 0 when the format prints no year: such a sequence never starts again at 1. */
  year: number;
}

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

export interface NumberParts {
  classificationCode: string;
  seq: number;
  villageCode: string | null;
  /** Issue date in village time, YYYY-MM-DD. */
  issuedOn: string;
}

/**
 * Fills a format such as `{code}/{seq:3}/{village_code}/{month_roman}/{year}`. A format without
 * `{seq}` (the settings refuse one) gets `/{seq}` appended rather than repeating numbers. An
 * empty village code leaves no empty segment behind ("470/001/XI/2026", not "470/001//XI/2026").
 */
export function formatLetterNumber(format: string, parts: NumberParts): string {
  let template = /\{seq(?::\d{1,2})?\}/.test(format) ? format : `${format}/{seq}`;
  const villageCode = parts.villageCode?.trim() ?? '';
  if (!villageCode) {
    // Drop the placeholder with one of the separators around it.
    template = template.replace(
      /([/.\- ]?)\{village_code\}([/.\- ]?)/g,
      (_m, before: string, after: string) => (before && after ? after : ''),
    );
  }
  const [year, month] = parts.issuedOn.split('-');
  const monthIndex = Number(month) - 1;
  return template
    .replace(/\{([a-z_]+)(?::(\d{1,2}))?\}/g, (match, name: string, pad?: string) => {
      switch (name) {
        case 'code':
          return parts.classificationCode;
        case 'seq':
          return String(parts.seq).padStart(pad ? Number(pad) : 0, '0');
        case 'village_code':
          return villageCode;
        case 'month':
          return String(month);
        case 'month_roman':
          return ROMAN_MONTHS[monthIndex] ?? '';
        case 'year':
          return String(year);
        default:
          return match;
      }
    })
    .trim();
}
