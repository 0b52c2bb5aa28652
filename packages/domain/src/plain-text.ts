/**
 * The one rule for plain text anyone types into Balai — user names and biodata, letter fields,
 * notes, settings, content: control characters and bidirectional overrides are removed before
 * anything else looks at the value.
 *
 * - C0 controls (U+0000–U+001F) except tab and line feed, DEL (U+007F) and C1 controls
 *   (U+0080–U+009F): NUL ends strings in C libraries and PDFs, BEL and escapes reach terminals
 *   through logs, none of them prints.
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the
 *   direction marks (U+200E, U+200F, U+061C): they reverse how the rest of a line is shown
 *   ("exe.txt" shown as "txt.exe"), in lists and in the printed letter.
 * - Invisible format characters that make two equal-looking values differ or hide a break: the
 *   byte order mark / zero-width no-break space (U+FEFF), zero-width space (U+200B), word
 *   joiner and invisible operators (U+2060–U+2064), the Mongolian vowel separator (U+180E) and
 *   the interlinear annotation marks (U+FFF9–U+FFFB). Zero-width (non-)joiners (U+200C, U+200D)
 *   stay: emoji sequences and some scripts need them.
 *
 * The line and paragraph separators (U+2028, U+2029) are line breaks to JavaScript and to some
 * mail and log readers: they count as line breaks. One-line fields turn tabs and line breaks
 * into a single space; multi-line fields keep the breaks as LF (CR LF, lone CR, U+2028 and
 * U+2029 included). The result is trimmed.
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- the control characters are what is removed
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/g;
const LINE_BREAKS = /[\t\n\r]+/g;

/** `value` without control, bidi and invisible format characters (see the module comment), trimmed. */
export function cleanPlainText(value: string, multiline: boolean): string {
  const lines = value.replace(/\r\n?|[\u2028\u2029]/g, '\n');
  const oneLine = multiline ? lines : lines.replace(LINE_BREAKS, ' ');
  return oneLine.replace(UNPRINTABLE, '').trim();
}
