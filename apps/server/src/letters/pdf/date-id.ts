import { MONTHS_ID } from '@balai/domain';

/** "2026-11-22" → "22 November 2026". Throws on anything that is not a real calendar date. */
export function formatIssueDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const d = m ? new Date(`${iso}T00:00:00Z`) : null;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) {
    throw new Error(`Tanggal surat tidak valid: "${iso}" (harus YYYY-MM-DD)`);
  }
  return `${Number(m[3])} ${MONTHS_ID[Number(m[2]) - 1]} ${m[1]}`;
}

/** The issue date at 00:00 WIB (UTC+7), the default CreationDate when no timestamp is given. */
export function issueDateAsInstant(iso: string): Date {
  formatIssueDate(iso);
  return new Date(`${iso}T00:00:00+07:00`);
}
