/**
 * The one rule for plain text anyone types into Balai — user names and biodata, letter fields,
 * notes, settings, content: control characters and bidirectional overrides are removed before
 * anything else looks at the value.
 *
 * - C0 controls (U+0000–U+001F) except tab and line feed, DEL (U+007F) and C1 controls
 *   (U+0080–U+009F): NUL ends strings in C libraries and PDFs, BEL and escapes reach terminals
 *   through logs, none of them prints.
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they
 *   reverse how the rest of a line is shown ("exe.txt" shown as "txt.exe"), in lists and in
 *   the printed letter.
 *
 * One-line fields also turn tabs and line breaks into a single space; multi-line fields keep
 * them, with CR LF and lone CR as LF. The result is trimmed.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAKS = /[\t\n\r]+/g;

/** `value` without control characters and bidi overrides (see the module comment), trimmed. */
export function cleanPlainText(value: string, multiline: boolean): string {
  const lines = value.replace(/\r\n?/g, '\n');
  const oneLine = multiline ? lines : lines.replace(LINE_BREAKS, ' ');
  return oneLine.replace(UNPRINTABLE, '').trim();
}
