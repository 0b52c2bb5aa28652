import { msg } from './messages.ts';
import { SETTINGS_LABELS } from './settings-fields.ts';

export * from './settings-fields.ts';

/**
 * The village's identity (DESIGN section 3, `settings`): the footer, the letterhead and the
 * letter numbers read it. Zod-free (issue 20): one schema built from this (schemas/settings.ts)
 * validates the admin form in the browser and `PUT /api/settings` on the server.
 */

/** The placeholders a letter-number format may use; `{seq:N}` pads the sequence to N digits. */
export const LETTER_NUMBER_PLACEHOLDERS = [
  '{code}',
  '{seq}',
  '{seq:N}',
  '{village_code}',
  '{month}',
  '{month_roman}',
  '{year}',
] as const;

export const LETTER_NUMBER_FORMAT_MAX = 100;
/** `{seq:N}` pads to at most this many digits. */
export const MAX_SEQ_PADDING = 10;

const KNOWN = /^(code|seq|seq:\d{1,2}|village_code|month|month_roman|year)$/;

/** What is wrong with a letter-number format, in Indonesian, or null when it can be used. */
export function letterNumberFormatProblem(format: string): string | null {
  const label = L('letter_number_format');
  if (format.length > LETTER_NUMBER_FORMAT_MAX) {
    return msg.maxLength(label, LETTER_NUMBER_FORMAT_MAX);
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(format)) return `${label} tidak boleh memuat karakter kontrol.`;
  const withoutPlaceholders = format.replace(/\{[^{}]*\}/g, '');
  if (/[{}]/.test(withoutPlaceholders)) {
    return `${label} memuat kurung kurawal yang tidak berpasangan.`;
  }
  const placeholders = [...format.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  const unknown = placeholders.find((p) => !KNOWN.test(p));
  if (unknown !== undefined) {
    return `${label} memuat penanda yang tidak dikenal: {${unknown}}. Gunakan ${LETTER_NUMBER_PLACEHOLDERS.join(', ')}.`;
  }
  for (const p of placeholders) {
    const n = /^seq:(\d+)$/.exec(p)?.[1];
    if (n !== undefined && (Number(n) < 1 || Number(n) > MAX_SEQ_PADDING)) {
      return `Pada {seq:N} di ${label.toLowerCase()}, N harus angka 1 sampai ${MAX_SEQ_PADDING}.`;
    }
  }
  if (!placeholders.some((p) => p === 'seq' || p.startsWith('seq:'))) {
    return `${label} harus memuat {seq} atau {seq:N} (nomor urut), agar setiap surat bernomor unik.`;
  }
  return null;
}

/** Labels from the field definitions (settings-fields.ts), typed once. */
const L = (name: string) => SETTINGS_LABELS[name] ?? name;
