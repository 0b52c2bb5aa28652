/**
 * Indonesian mobile numbers for WhatsApp (issue 22): 08…, +62…, 62… (spaces, dots, dashes and
 * brackets allowed) become one form, 62 followed by the number without its leading 0, which is
 * what WhatsApp gateways take as `target`. Only mobile numbers (62 8…) of 10 to 15 digits in all
 * are accepted; anything else is refused with a message for the resident.
 */
export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string };

export const PHONE_INVALID =
  'Nomor WhatsApp tidak valid. Tulis seperti 081234567890 atau +6281234567890.';

export function normalizePhone(input: string): PhoneResult {
  const raw = input.trim();
  if (!/^\+?[\d\s.\-()]+$/.test(raw)) return { ok: false, message: PHONE_INVALID };
  let digits = raw.replace(/\D/g, '');
  if (raw.startsWith('+') && !digits.startsWith('62')) return { ok: false, message: PHONE_INVALID };
  if (digits.startsWith('0')) digits = `62${digits.slice(1)}`;
  else if (digits.startsWith('8')) digits = `62${digits}`;
  if (!/^628\d{8,12}$/.test(digits)) return { ok: false, message: PHONE_INVALID };
  return { ok: true, phone: digits };
}

/** "6281234567890" → "62812****7890": enough for the office to tell numbers apart in a log. */
export function maskPhone(phone: string): string {
  return phone.length <= 8 ? '****' : `${phone.slice(0, 5)}****${phone.slice(-4)}`;
}
