/**
 * Null bytes and other control characters (Unicode category Cc: U+0000-U+001F, U+007F-U+009F) have no place
 * in names, addresses, titles, links or tokens: they truncate strings in C libraries, split log lines and
 * mail headers, and hide text on screen. Multi-line fields keep tab and line breaks. A lone surrogate (half of
 * an emoji, category Cs) is refused with them: it is no character at all, and UTF-8 (PostgreSQL, a backup, a
 * mail) cannot encode it, so each would store something other than what SQLite kept. Browser-safe.
 */
const ANY_CONTROL = /[\p{Cc}\p{Cs}]/u;
const CONTROL_EXCEPT_BREAKS = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_BREAKS : ANY_CONTROL).test(value);
}

/** A refinement for zod: `.refine(...withoutControlCharacters("Title"))`. */
export function withoutControlCharacters(
  field: string,
  multiline = false,
): [(value: string) => boolean, { message: string }] {
  return [
    (value) => !hasControlCharacters(value, multiline),
    { message: `${field} must not contain control characters.` },
  ];
}
