/**
 * The letter's page geometry (A4, margins, body size and leading) and the small text rules
 * every part of it shares: glued groups that never break, and the village names as printed.
 */
import { MONTHS_ID } from '@balai/domain';

export const CM = 72 / 2.54;
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const M = { top: 2 * CM, bottom: 2 * CM, left: 2.5 * CM, right: 2 * CM };
export const LEFT = M.left;
export const RIGHT = PAGE_W - M.right;
export const WIDTH = RIGHT - LEFT;
export const BOTTOM = PAGE_H - M.bottom;

export const BODY = 12;
export const LEAD = 14;
export const PARA_GAP = 7;
export const INDENT = 1.25 * CM;

const NBSP = '\u00a0';
/** Groups that read as one item and are never broken over two lines. */
const GLUED: readonly RegExp[] = [
  // a date: "23 November 2026"
  new RegExp(`\\b\\d{1,2} (?:${MONTHS_ID.join('|')}) \\d{4}\\b`, 'g'),
  // a quantity and its unit: "3.250 gram", "49,5 cm", "300 orang"
  /\d (?:gram|cm|orang)\b/g,
  // a vehicle's registration number: "F 1234 AB"
  /\b[A-Z]{1,2} \d{1,4} [A-Z]{1,3}\b/g,
  // a label and its number or time: "NIK 3201…", "RT 002", "RW 001", "No. 12", "pukul 08.00"
  /\b(?:NIK|RT|RW|No\.|pukul|Kode Pos) [\d.]+/g,
];

/**
 * Joins the words of each group in {@link GLUED} with no-break spaces, so the line breaking
 * (which breaks at ordinary spaces only) keeps them whole. The text stays the same to a reader
 * and to text extraction (a no-break space is white space).
 */
export function glue(text: string): string {
  let out = text;
  for (const re of GLUED) out = out.replace(re, (m) => m.replace(/ /g, NBSP));
  return out;
}

/** The village's names as the letter prints them. */
export interface Names {
  desa: string;
  kec: string;
  kab: { label: string; name: string };
}

export function stripPrefix(value: string, prefix: RegExp): string {
  const s = value.replace(/\s+/g, ' ').trim();
  const stripped = s.replace(prefix, '').trim();
  return stripped || s;
}

export function regency(value: string): { label: string; name: string } {
  const s = value.replace(/\s+/g, ' ').trim();
  const kota = /^kota\s+(.+)$/i.exec(s);
  if (kota?.[1]) return { label: 'Kota', name: kota[1] };
  return { label: 'Kabupaten', name: stripPrefix(s, /^(kabupaten|kab\.)\s*/i) };
}

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
