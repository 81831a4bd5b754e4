/**
 * One entry point for an uploaded statement: the size limit first, then the text, then the format
 * as the content shows it (a file name proves nothing), then the reader, then the balance check.
 */
import { drain, isCamt053, readCamt053Lines } from './camt053';
import { readCsvStatement, type CsvMapping } from './csv-statement';
import { isMt940, readMt940 } from './mt940';
import { isOfx, readOfx } from './ofx';
import { StatementFileError, type Statement, type StatementLine } from './statement';
import { checkBalances } from './statement-checks';
import { refuseXmlDeclarations } from './statement-text';

export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;

export interface StatementFileOptions {
  /** The account's saved CSV mapping; a CSV file cannot be read without one. */
  csv?: CsvMapping;
}

export type StatementFormat = Statement['format'];

const UNKNOWN = 'not a camt.053, MT940, OFX or CSV file';

/**
 * UTF-8 when the bytes are valid UTF-8, else Latin-1 (every byte is a character there, so the
 * fallback never fails). Either way a control character other than tab and line breaks means the
 * file is binary (a PDF, a spreadsheet, UTF-16), which no reader here understands.
 */
const decode = (bytes: Uint8Array): string => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes);
  }
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(text);
  if (control) throw new StatementFileError(`the file is not UTF-8 or Latin-1 text (${UNKNOWN})`);
  return text;
};

/** The format the content shows, or null. XML is told apart by its root, MT940 by its tags. */
export const detectFormat = (text: string): StatementFormat | null => {
  const start = text.trimStart();
  if (isOfx(start)) return 'ofx';
  if (start.startsWith('<')) return isCamt053(start) ? 'camt.053' : null;
  if (isMt940(text)) return 'mt940';
  // CSV: a delimiter that the first two lines both use (a letter with one comma is not a table).
  const [first = '', second = ''] = start.split(/\r?\n/, 2);
  return [',', ';', '\t'].some((d) => first.includes(d) && second.includes(d)) ? 'csv' : null;
};

export const readStatementFile = (bytes: Buffer | Uint8Array, options: StatementFileOptions = {}): Statement => drain(readStatementFileLines(bytes, options));

/**
 * The same checks and reading, the lines handed out as they are read (a camt.053 file in slices,
 * the other formats at once), then the whole statement returned once its balances are proved. The
 * file's size, text and format are checked at the first step, before any line is handed out; a
 * caller that wrote lines undoes them when a later step throws.
 */
export function* readStatementFileLines(bytes: Buffer | Uint8Array, options: StatementFileOptions = {}): Generator<StatementLine[], Statement, void> {
  if (bytes.byteLength > STATEMENT_MAX_BYTES) {
    throw new StatementFileError(`the file is ${bytes.byteLength} bytes; a statement file may be at most 20 MB (${STATEMENT_MAX_BYTES} bytes)`);
  }
  const text = decode(bytes);
  if (text.trim() === '') throw new StatementFileError(`the file is empty (${UNKNOWN})`);
  const format = detectFormat(text);
  if (format === 'camt.053' || format === 'ofx' || text.trimStart().startsWith('<')) refuseXmlDeclarations(text);
  if (format === null) throw new StatementFileError(UNKNOWN);
  let statement: Statement;
  switch (format) {
    case 'camt.053':
      statement = yield* readCamt053Lines(text);
      break;
    case 'mt940':
      statement = readMt940(text);
      break;
    case 'ofx':
      statement = readOfx(text);
      break;
    case 'csv':
      if (!options.csv) throw new StatementFileError('this looks like a CSV file; map its columns for this bank account first');
      statement = readCsvStatement(text, options.csv);
      break;
    default: {
      const _exhaustive: never = format;
      throw new StatementFileError(`${String(_exhaustive)}: ${UNKNOWN}`);
    }
  }
  if (format !== 'camt.053' && statement.lines.length > 0) yield statement.lines;
  checkBalances(statement);
  return statement;
}
