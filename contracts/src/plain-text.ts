/**
 * Characters that are invisible or reorder what is around them, so a name or tag shown to others
 * can hide or disguise text: C0 and C1 controls, zero-width characters (U+200B-U+200D, U+2060,
 * U+FEFF), bidirectional marks and controls (U+061C, U+200E-U+200F, U+202A-U+202E,
 * U+2066-U+2069), Unicode tag characters (invisible ASCII look-alikes that can smuggle text), and
 * lone surrogates (not text at all; MySQL's utf8mb4 cannot store them and JSON escapes each one
 * to six characters).
 *
 * ZWJ (U+200D) and ZWNJ (U+200C) go too, although emoji sequences and some scripts use them: a
 * family emoji then shows as its members side by side and a Persian word joins differently, but
 * both stay readable, and two names or tags that look alike cannot differ by hidden characters.
 * Likewise a subdivision flag (built from tag characters) shows as a plain black flag.
 */
const HIDDEN = /[\p{Cc}\p{Cs}\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;
/** The same, but tab and newline stay: they are how multi-line text is written. */
const HIDDEN_IN_MULTILINE =
  /(?![\t\n])[\p{Cc}\p{Cs}\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;
const LINE_BREAK = /\r\n?|[\n\u2028\u2029]/g;
const SINGLE_LINE_BREAK = /\r\n|[\t\n\r\u2028\u2029]/g;

/**
 * `text` without control, zero-width and bidirectional-override characters, for plain text that
 * others will see (names, tags, titles); never for HTML, which has its own sanitizer. Line breaks
 * (CR, CRLF, U+2028, U+2029) become `\n` in multi-line text, and a space elsewhere, as tabs do,
 * so words either side stay apart.
 */
export function stripControlCharacters(text: string, { multiline = false }: { multiline?: boolean } = {}): string {
  if (multiline) return text.replace(LINE_BREAK, '\n').replace(HIDDEN_IN_MULTILINE, '');
  return text.replace(SINGLE_LINE_BREAK, ' ').replace(HIDDEN, '');
}
