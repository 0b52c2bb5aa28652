import type { FieldDef } from '../fields.ts';
import { terbilang } from '../money.ts';
import { APPLICANT_FIELDS } from './applicant.ts';
import { formatFieldValue, formatNumberId } from './format.ts';
import type { LetterType } from './letter-type.ts';

/** What the letter needs besides the request: the village's identity from the settings. */
export interface StatementContext {
  /** Village name without "Desa", e.g. "Sukamaju". */
  village: string;
}

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)((?:\|[a-z]+)*)\}/g;
/** An optional `[ … ]` part or a placeholder outside one, matched in one pass so filled-in text is never re-read. */
const PART = new RegExp(`\\[([^[\\]]*)\\]|${PLACEHOLDER.source}`, 'g');

/** The placeholder names a template uses, e.g. ["business_name", "village"]. */
export function statementPlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/** The modifiers a template may use after `|`. */
export const STATEMENT_MODIFIERS = {
  /** whole value in lower case, for select options in mid-sentence ("Laki-laki" → "laki-laki") */
  lower: (s: string) => s.toLowerCase(),
  /** first letter in lower case unless the first word is an acronym ("Dompet berisi STNK" → "dompet …") */
  lcfirst: (s: string) =>
    /^\p{Lu}[\p{Lu}\d]+\b/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1),
  /** ends the text with a full stop when it has no closing punctuation */
  sentence: (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`),
  /** money or number in words, e.g. "dua juta lima ratus ribu rupiah" (applied to the raw number) */
  words: (s: string) => s,
} as const;
export type StatementModifier = keyof typeof STATEMENT_MODIFIERS;

function formatValue(
  field: FieldDef | undefined,
  raw: unknown,
  modifiers: string[],
): string | null {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return null;
  }
  let text: string;
  if (modifiers.includes('words') && typeof raw === 'number') {
    text = `${terbilang(raw)}${field?.kind === 'money' ? ' rupiah' : ''}`;
  } else if (typeof raw === 'boolean') text = raw ? 'ya' : 'tidak';
  else if (field) text = formatFieldValue(field, raw) ?? '';
  else if (typeof raw === 'number') text = formatNumberId(raw, false);
  else text = String(raw);
  text = text.replace(/\s+/g, ' ').trim();
  for (const m of modifiers) {
    const apply = STATEMENT_MODIFIERS[m as StatementModifier];
    if (apply) text = apply(text);
  }
  return text;
}

/**
 * The statement paragraph of a letter: placeholders filled from the request's data and the
 * applicant snapshot as {@link formatFieldValue} writes them: dates as "22 November 2026", money
 * as "Rp1.500.000", times as "08.30", quantities with their unit ("3.250 gram", "300 orang");
 * an optional `[ … ]` part is left out when any placeholder in it is empty.
 */
export function renderStatement(
  type: LetterType,
  values: Record<string, unknown>,
  context: StatementContext,
): string {
  const fields = new Map<string, FieldDef>();
  for (const f of [...APPLICANT_FIELDS, ...type.fields]) fields.set(f.name, f);
  const all: Record<string, unknown> = { ...values, village: context.village };

  const fill = (template: string): { text: string; complete: boolean } => {
    let complete = true;
    const text = template.replace(PLACEHOLDER, (_m, name: string, mods: string) => {
      const value = formatValue(fields.get(name), all[name], mods.split('|').filter(Boolean));
      if (value === null) complete = false;
      return value ?? '-';
    });
    return { text, complete };
  };

  const text = type.statement.replace(PART, (match: string, inner: string | undefined) => {
    const part = fill(inner ?? match);
    return part.complete || inner === undefined ? part.text : '';
  });
  return text.replace(/ {2,}/g, ' ').trim();
}
