// Filling a letter-number format (DESIGN section 4), zod-free: the server prints issued letters
// with it and the admin's settings page previews the next number as it is typed, so both show
// exactly the same text. Which sequence a number is drawn from stays on the server
// (apps/server/src/letters/numbering.ts).

const ROMAN_MONTHS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

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
