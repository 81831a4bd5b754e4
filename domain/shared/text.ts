/**
 * Trimming a repeated character from the ends of a text, in one pass. `/\/+$/` and `/^-+|-+$/`
 * look harmless but backtrack quadratically over a long run that does not reach the end (a path of
 * 50,000 slashes then a letter), and some of these texts are a caller's URL or typed name.
 */
export const trimEnd = (text: string, char: string): string => {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
};

export const trimStart = (text: string, char: string): string => {
  let start = 0;
  while (start < text.length && text[start] === char) start += 1;
  return text.slice(start);
};

export const trimBoth = (text: string, char: string): string => trimStart(trimEnd(text, char), char);

/** A URL path without its trailing slashes; the root stays "/". */
export const withoutTrailingSlashes = (path: string): string => trimEnd(path, '/') || '/';

/**
 * How many lines a text field holds: a name, a subject or a reference is one line (it goes into
 * mail headers, labelled lines of a mail body, PDFs and CSV cells); an address, a note, a reason
 * or a message may hold several.
 */
export type TextLines = 'single' | 'multi';

/** Why a text is refused: a control character, a line break in a one-line field, or half of a surrogate pair (not text at all). */
export type TextFault = 'control' | 'lineBreak' | 'notText';

export const TEXT_FAULT_MESSAGES: Record<TextFault, string> = {
  control: 'This field may not contain control characters.',
  lineBreak: 'This field must be a single line.',
  notText: 'This field contains a character that is not valid text.',
};

const isBidiControl = (c: number): boolean => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);

/** What the character at `i` is to a field of `lines`: a fault, a whole surrogate pair (two units), or fine. */
const characterAt = (text: string, i: number, lines: TextLines): TextFault | 'pair' | undefined => {
  const c = text.charCodeAt(i);
  if ((c >= 0x20 && c < 0x7f) || c === 0x09) return undefined;
  if (c === 0x0a || c === 0x0d) return lines === 'multi' ? undefined : 'lineBreak';
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return 'control';
  if (c >= 0xd800 && c <= 0xdfff) {
    const next = text.charCodeAt(i + 1);
    return c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 'pair' : 'notText';
  }
  if (lines === 'single' && (c === 0x2028 || c === 0x2029)) return 'lineBreak';
  if (lines === 'single' && isBidiControl(c)) return 'control';
  return undefined;
};

/**
 * The first character a field of `lines` may not hold, and where it is; undefined when the text is
 * clean. Refused everywhere: C0 controls but the tab (NUL, escape, vertical tab, form feed…), DEL,
 * C1 controls (U+0080–U+009F, NEL among them) and a lone surrogate, which no UTF-8 can carry (it
 * would be stored as U+FFFD). A multi-line field keeps \n and \r and the Unicode line and paragraph
 * separators; a single-line field refuses all four, and the bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which make a name or a number read differently from what it is.
 * One pass, no regular expression.
 */
export const textFault = (text: string, lines: TextLines): { fault: TextFault; index: number } | undefined => {
  for (let i = 0; i < text.length; i++) {
    const found = characterAt(text, i, lines);
    if (found === 'pair') i += 1;
    else if (found) return { fault: found, index: i };
  }
  return undefined;
};

/** The refusal of `text` in a field of `lines` (a field error's message), or undefined when it is clean. */
export const textProblem = (text: string, lines: TextLines): string | undefined => {
  const found = textFault(text, lines);
  return found && TEXT_FAULT_MESSAGES[found.fault];
};

/** Field errors of the fields whose text is not clean for `lines`, by field name; empty when all are clean. */
export const textErrors = (fields: Record<string, string | null | undefined>, lines: TextLines): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(fields)) {
    const problem = typeof value === 'string' ? textProblem(value, lines) : undefined;
    if (problem) errors[field] = [problem];
  }
  return errors;
};

/**
 * A text made safe for one line of a mail header or a labelled line of a mail body: every line
 * break, control character, bidirectional override and lone surrogate becomes a space. Inputs are
 * refused with these already (`textFault`); this keeps a header whole whatever reaches it (a
 * company name stored before the rule, a future caller).
 */
export const oneLine = (text: string): string => {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const found = characterAt(text, i, 'single');
    if (found === 'pair') i += 1;
    else if (found) {
      out += `${text.slice(from, i)} `;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
};
