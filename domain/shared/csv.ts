/**
 * CSV as spreadsheets read it (RFC 4180). A text cell that begins with = + - @, a tab or a carriage
 * return is a formula to Excel and LibreOffice (`=HYPERLINK(…)` in a description typed by anyone
 * becomes a live link, or worse, in an auditor's spreadsheet), so it is written after a `'`, which
 * makes it text. Spreadsheets also skip what stands before the sign and fold look-alikes into it,
 * so the sign is looked for after leading spaces, line breaks and invisible characters (zero-width
 * space, joiners, BOM, soft hyphen, direction marks), with full-width and small forms (＝＋－＠,
 * ﹦﹢﹣﹫) folded as NFKC folds them. A plain decimal number ("-1500.55") is not a formula and
 * stays a number.
 */
const FORMULA_SIGNS = new Set(['=', '+', '-', '@']);
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\n\r;]/;

/** Characters a spreadsheet passes over before it decides whether a cell is a formula. */
const isSkipped = (c: number): boolean =>
  c === 0x20 ||
  c === 0x09 ||
  c === 0x0a ||
  c === 0x0d ||
  c === 0x0b ||
  c === 0x0c ||
  c === 0xa0 ||
  c === 0xad ||
  c === 0x180e ||
  (c >= 0x2000 && c <= 0x200f) ||
  (c >= 0x2028 && c <= 0x202f) ||
  (c >= 0x205f && c <= 0x2064) ||
  (c >= 0x2066 && c <= 0x206f) ||
  c === 0x3000 ||
  c === 0xfeff;

/** True when a spreadsheet would read the text as a formula. */
export const startsLikeFormula = (text: string): boolean => {
  const first = text.charCodeAt(0);
  // A leading tab or carriage return is itself a formula prefix to some spreadsheets.
  if (first === 0x09 || first === 0x0d) return true;
  let i = 0;
  while (i < text.length && isSkipped(text.charCodeAt(i))) i += 1;
  const sign = text.charAt(i);
  return sign !== '' && (FORMULA_SIGNS.has(sign) || FORMULA_SIGNS.has(sign.normalize('NFKC')));
};

export const csvCell = (value: string | number): string => {
  const text = typeof value === 'number' ? String(value) : startsLikeFormula(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV record, without its line break. */
export const csvRow = (cells: ReadonlyArray<string | number>): string => cells.map(csvCell).join(',');
