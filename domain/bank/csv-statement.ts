/**
 * A bank's CSV export, read with the column mapping saved for its account. CSV carries no balances
 * and no account, so opening, closing and iban are null and nothing is proven by the file itself.
 */
import { parse } from 'csv-parse/sync';
import { StatementFileError, type Statement, type StatementLine } from './statement';
import { isValidIban, normaliseIban } from '../billing/bank';
import { calendarDay, collapseSpaces, isCurrencyCode, minorUnits, parseAmount } from './statement-text';

export type CsvDateFormat = 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'MM/DD/YYYY';

export interface CsvColumns {
  bookingDate: string;
  valueDate?: string;
  /** One signed column, or debit and credit columns: exactly one of the two. */
  amount?: string;
  debit?: string;
  credit?: string;
  description: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  reference?: string;
  bankReference?: string;
}

/** Columns are named by their header text, or by their 1-based number written as text ("3"). */
export interface CsvMapping {
  delimiter?: ',' | ';' | '\t';
  /** Rows before the first line; the column names are read from the last of them. */
  headerRows: number;
  dateFormat: CsvDateFormat;
  decimal: '.' | ',';
  /** The account's currency (the file does not say); EUR when absent. */
  currency?: string;
  columns: CsvColumns;
}

const DATE_FORMATS: readonly CsvDateFormat[] = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'];
const COLUMN_KEYS = ['bookingDate', 'valueDate', 'amount', 'debit', 'credit', 'description', 'counterpartyName', 'counterpartyIban', 'reference', 'bankReference'] as const;
const REQUIRED_COLUMNS = new Set<string>(['bookingDate', 'description']);

/** What is wrong with a mapping (none: it can read a file), for the adapter that saves one. */
export const checkCsvMapping = (mapping: unknown): string[] => {
  if (mapping === null || typeof mapping !== 'object') return ['The mapping must be an object.'];
  const m = mapping as Record<string, unknown>;
  const problems: string[] = [];
  if (m.delimiter !== undefined && m.delimiter !== ',' && m.delimiter !== ';' && m.delimiter !== '\t') problems.push('delimiter must be ",", ";" or a tab.');
  if (typeof m.headerRows !== 'number' || !Number.isInteger(m.headerRows) || m.headerRows < 0 || m.headerRows > 50) {
    problems.push('headerRows must be a whole number from 0 to 50.');
  }
  if (!DATE_FORMATS.includes(m.dateFormat as CsvDateFormat)) problems.push(`dateFormat must be one of ${DATE_FORMATS.join(', ')}.`);
  if (m.decimal !== '.' && m.decimal !== ',') problems.push('decimal must be "." or ",".');
  if (m.currency !== undefined && (typeof m.currency !== 'string' || !isCurrencyCode(m.currency))) problems.push('currency must be a code like EUR.');
  const columns = m.columns;
  if (columns === null || typeof columns !== 'object') return [...problems, 'columns must be an object.'];
  const c = columns as Record<string, unknown>;
  for (const key of Object.keys(c)) {
    if (!(COLUMN_KEYS as readonly string[]).includes(key)) problems.push(`columns.${key} is not a column this reader knows.`);
  }
  for (const key of COLUMN_KEYS) {
    const value = c[key];
    if (value === undefined) {
      if (REQUIRED_COLUMNS.has(key)) problems.push(`columns.${key} is required.`);
    } else if (typeof value !== 'string' || value.trim() === '' || value.length > 100) {
      problems.push(`columns.${key} must be a header text or a column number.`);
    } else if (/^\d+$/.test(value.trim()) && Number(value) < 1) {
      problems.push(`columns.${key}: column numbers start at 1.`);
    }
  }
  const hasAmount = c.amount !== undefined;
  const hasDebit = c.debit !== undefined;
  const hasCredit = c.credit !== undefined;
  if (hasAmount === (hasDebit || hasCredit) || hasDebit !== hasCredit) problems.push('Map either an amount column, or both a debit and a credit column.');
  if (m.headerRows === 0) {
    for (const key of COLUMN_KEYS) {
      if (typeof c[key] === 'string' && !/^\d+$/.test((c[key] as string).trim())) problems.push(`columns.${key}: without a header row, columns are named by number.`);
    }
  }
  return problems;
};

const DATE_PATTERNS: Record<CsvDateFormat, { pattern: RegExp; order: [number, number, number] }> = {
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: [1, 2, 3] },
  'DD.MM.YYYY': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/, order: [3, 2, 1] },
  'DD/MM/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 2, 1] },
  'MM/DD/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 1, 2] },
};

const readDate = (text: string, format: CsvDateFormat, where: string): string => {
  const { pattern, order } = DATE_PATTERNS[format];
  const match = pattern.exec(text.trim());
  if (!match) throw new StatementFileError(`"${text}" is not a date in the format ${format}`, where);
  const year = Number(match[order[0]]);
  return calendarDay(year < 100 ? 2000 + year : year, Number(match[order[1]]), Number(match[order[2]]), where, text);
};

type Row = { record: string[]; info: { lines: number } };

/** Each mapped column's index in a record, from its number or its header text (compared trimmed, ignoring case). */
const columnIndexes = (mapping: CsvMapping, header: string[] | null, headerLine: number): Map<keyof CsvColumns, number> => {
  const indexes = new Map<keyof CsvColumns, number>();
  for (const key of COLUMN_KEYS) {
    const name = mapping.columns[key]?.trim();
    if (name === undefined) continue;
    if (/^\d+$/.test(name)) {
      indexes.set(key, Number(name) - 1);
      continue;
    }
    const index = header ? header.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase()) : -1;
    if (index === -1) throw new StatementFileError(`the header has no column "${name}" (mapped as ${key})`, `line ${headerLine}`);
    indexes.set(key, index);
  }
  return indexes;
};

export const readCsvStatement = (text: string, mapping: CsvMapping): Statement => {
  const problems = checkCsvMapping(mapping);
  if (problems.length > 0) throw new StatementFileError(`the CSV column mapping is not usable: ${problems.join(' ')}`);
  const currency = mapping.currency ?? 'EUR';
  let rows: Row[];
  try {
    rows = parse(text, { delimiter: mapping.delimiter ?? ',', info: true, relax_column_count: true, skip_empty_lines: true, bom: true }) as unknown as Row[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new StatementFileError(`the file is not CSV as mapped: ${(error as Error).message}`, line === undefined ? null : `line ${line}`);
  }
  // A record's first line: where it ends, less the line breaks inside its quoted cells.
  const firstLine = (row: Row): number => row.info.lines - row.record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
  const headerRow = mapping.headerRows > 0 ? rows[mapping.headerRows - 1] : undefined;
  if (mapping.headerRows > 0 && !headerRow) throw new StatementFileError(`the file has fewer than ${mapping.headerRows} header rows`);
  const indexes = columnIndexes(mapping, headerRow?.record ?? null, headerRow ? firstLine(headerRow) : 1);
  const decimals = minorUnits(currency);
  const lines: StatementLine[] = [];
  for (const row of rows.slice(mapping.headerRows)) {
    const where = `line ${firstLine(row)}`;
    const cell = (key: keyof CsvColumns): string | null => {
      const index = indexes.get(key);
      if (index === undefined) return null;
      const value = row.record[index];
      if (value === undefined) throw new StatementFileError(`there is no column ${index + 1} (${key})`, where);
      return value.trim();
    };
    const optional = (key: keyof CsvColumns): string | null => {
      const value = cell(key);
      return value === null || value === '' ? null : collapseSpaces(value);
    };
    const amount = (key: keyof CsvColumns): number | null => {
      const value = cell(key);
      return value === null || value === '' ? null : parseAmount(value, { separator: mapping.decimal, decimals, where: `${where} (${key})`, grouping: true });
    };
    let cents: number;
    if (indexes.has('amount')) {
      cents = amount('amount') ?? 0;
    } else {
      const debit = amount('debit');
      const credit = amount('credit');
      if (debit === null && credit === null) throw new StatementFileError('neither the debit nor the credit column has an amount', where);
      // A bank may write 0,00 in the column a line does not use: only two non-zero figures conflict.
      if (debit && credit) throw new StatementFileError('both the debit and the credit column have an amount', where);
      cents = debit ? -Math.abs(debit) : Math.abs(credit ?? 0);
    }
    const bookingDate = readDate(cell('bookingDate') ?? '', mapping.dateFormat, `${where} (bookingDate)`);
    const valueText = cell('valueDate');
    const iban = normaliseIban(cell('counterpartyIban') ?? '');
    const line: StatementLine = {
      bookingDate,
      valueDate: valueText ? readDate(valueText, mapping.dateFormat, `${where} (valueDate)`) : bookingDate,
      amountCents: cents,
      description: collapseSpaces(cell('description') ?? ''),
      counterpartyName: optional('counterpartyName'),
      counterpartyIban: isValidIban(iban) ? iban : null,
      reference: optional('reference'),
      bankReference: optional('bankReference'),
    };
    // A zero line moves no money (some banks list declined card payments): it is left out.
    if (cents !== 0) lines.push(line);
  }
  return { format: 'csv', statementId: null, iban: null, currency, opening: null, closing: null, lines };
};
