/**
 * CSV as spreadsheets read it (RFC 4180). A text cell that begins with = + - @, a tab or a carriage
 * return is a formula to Excel and LibreOffice (`=HYPERLINK(…)` in a description typed by anyone
 * becomes a live link, or worse, in an auditor's spreadsheet), so it is written after a `'`, which
 * makes it text. A plain decimal number ("-1500.55") is not a formula and stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\n\r;]/;

export const csvCell = (value: string | number): string => {
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV record, without its line break. */
export const csvRow = (cells: ReadonlyArray<string | number>): string => cells.map(csvCell).join(',');
