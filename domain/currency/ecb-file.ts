/**
 * The European Central Bank's euro reference rate files, read as published:
 *
 * - XML (`eurofxref-daily.xml`, `eurofxref-hist-90d.xml`, `eurofxref-hist.xml`): a gesmes Envelope
 *   whose Cube holds one `<Cube time="YYYY-MM-DD">` a day, each with `<Cube currency="USD" rate="1.1594"/>`.
 * - CSV (`eurofxref.csv` in eurofxref.zip, `eurofxref-hist.csv` in eurofxref-hist.zip): a header
 *   `Date, USD, JPY, …` and one row a day, the date as `28 November 2025` (daily) or `2025-11-28`
 *   (historical), "N/A" where a currency had no rate that day, and a trailing comma on each line.
 *
 * A rate file comes from outside: it is refused whole, naming the line (and column or element),
 * when anything in it is not what the ECB writes; XML with a DOCTYPE or ENTITY is refused before a
 * parser sees it, and nothing is ever resolved.
 */
import { SaxesParser } from 'saxes';
import { isIsoDate } from '../shared/dates';
import { lineAt, xmlDeclarationIn } from '../shared/xml-guard';
import { BOOKS_CURRENCY, isCurrencyCode } from './currencies';
import { parseRate, type ExchangeRate } from './rate';

/** The largest rate file read: the whole history since 1999 in XML is about 6 MB. */
export const RATE_FILE_MAX_BYTES = 16 * 1024 * 1024;

/** A rate file refused: what is wrong, and where (line, column or element). */
export class RateFileError extends Error {
  constructor(
    readonly problem: string,
    readonly where: string,
  ) {
    super(`${where}: ${problem}`);
  }
}

export interface RateFile {
  format: 'ecb-xml' | 'ecb-csv';
  /** Every rate in the file, in its order. */
  rates: ExchangeRate[];
  /** The first and last day the file has rates for. */
  from: string;
  to: string;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** `2025-11-28` or `28 November 2025` → YYYY-MM-DD, or null. */
const fileDate = (text: string): string | null => {
  const parts = text.split(' ').filter((p) => p !== '');
  if (parts.length === 1) return isIsoDate(text) ? text : null;
  if (parts.length !== 3 || !/^\d{1,2}$/.test(parts[0]!) || !/^\d{4}$/.test(parts[2]!)) return null;
  const month = MONTHS.indexOf(parts[1]!.toLowerCase()) + 1;
  if (month === 0) return null;
  const iso = `${parts[2]}-${String(month).padStart(2, '0')}-${parts[0]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
};

/** Collects the rates, refusing a day and currency given twice. */
class RateList {
  readonly rates: ExchangeRate[] = [];
  private readonly seen = new Set<string>();

  add(date: string, currency: string, written: string, where: string): void {
    if (!isCurrencyCode(currency)) throw new RateFileError(`"${currency}" is not a currency code`, where);
    if (currency === BOOKS_CURRENCY) throw new RateFileError('a rate of the euro against itself is not a reference rate', where);
    const parsed = parseRate(written);
    if (!parsed.ok) {
      const why = parsed.error.endsWith('.') ? parsed.error.slice(0, -1) : parsed.error;
      throw new RateFileError(`"${written}" is not a rate: ${why.charAt(0).toLowerCase()}${why.slice(1)}`, where);
    }
    const key = `${date} ${currency}`;
    if (this.seen.has(key)) throw new RateFileError(`${currency} on ${date} is given twice`, where);
    this.seen.add(key);
    this.rates.push({ date, currency, rate: parsed.rate });
  }

  result(format: RateFile['format']): RateFile {
    if (this.rates.length === 0) throw new RateFileError('the file has no rates', 'line 1');
    let from = this.rates[0]!.date;
    let to = from;
    for (const r of this.rates) {
      if (r.date < from) from = r.date;
      if (r.date > to) to = r.date;
    }
    return { format, rates: this.rates, from, to };
  }
}

/** Reads an ECB rate file (XML or CSV, told apart by its first character). */
export const readEcbRates = (text: string): RateFile => {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  return body.trimStart().startsWith('<') ? readXml(body) : readCsv(body);
};

const readCsv = (text: string): RateFile => {
  const lines = text.split('\n');
  const cells = (line: string): string[] => {
    const row = (line.endsWith('\r') ? line.slice(0, -1) : line).split(',').map((c) => c.trim());
    // Every line of the ECB's files ends with a comma.
    if (row.length > 1 && row[row.length - 1] === '') row.pop();
    return row;
  };
  const header = cells(lines[0] ?? '');
  if (header[0]?.toLowerCase() !== 'date' || header.length < 2) {
    throw new RateFileError('this is not an ECB reference rate file: the first line must be "Date" followed by currency codes (USD, JPY, …)', 'line 1');
  }
  const currencies = header.slice(1);
  currencies.forEach((code, i) => {
    if (!isCurrencyCode(code)) throw new RateFileError(`"${code}" is not a currency code`, `line 1, column ${i + 2}`);
    if (currencies.indexOf(code) !== i) throw new RateFileError(`${code} is a column twice`, `line 1, column ${i + 2}`);
  });
  const list = new RateList();
  for (let n = 1; n < lines.length; n += 1) {
    const row = cells(lines[n]!);
    if (row.length === 1 && row[0] === '') continue;
    const where = `line ${n + 1}`;
    const date = fileDate(row[0]!);
    if (date === null) throw new RateFileError(`"${row[0]}" is not a date (YYYY-MM-DD or "28 November 2025")`, `${where}, column Date`);
    if (row.length !== header.length) throw new RateFileError(`the line has ${row.length} cells where the header has ${header.length}`, where);
    currencies.forEach((currency, i) => {
      const cell = row[i + 1]!;
      if (cell === '' || cell.toUpperCase() === 'N/A') return;
      list.add(date, currency, cell, `${where}, column ${currency}`);
    });
  }
  return list.result('ecb-csv');
};

const readXml = (text: string): RateFile => {
  const declaration = xmlDeclarationIn(text);
  if (declaration) throw new RateFileError(`an XML ${declaration.kind} declaration is not allowed in a rate file (entities are never resolved)`, `line ${declaration.line}`);
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const list = new RateList();
  const path: string[] = [];
  let day: string | null = null;
  let failure: RateFileError | null = null;
  const where = (element: string): string => `line ${parser.line}, element ${element}`;
  const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

  parser.on('error', (err) => {
    failure ??= new RateFileError(`the XML is not well-formed (${err.message.split('\n')[0]!.replace(/^\d+:\d+: /, '')})`, `line ${parser.line}`);
    throw failure;
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (path.length === 0 && name !== 'Envelope') {
      throw (failure = new RateFileError(`this is not an ECB reference rate file: it starts with <${tag.name}>, not <gesmes:Envelope>`, where(tag.name)));
    }
    if (path.length > 20) throw (failure = new RateFileError('elements are nested too deep', where(tag.name)));
    path.push(name);
    if (name !== 'Cube') return;
    const attributes = tag.attributes as Record<string, string>;
    if (attributes.time !== undefined) {
      const date = fileDate(attributes.time.trim());
      if (date === null) throw (failure = new RateFileError(`"${attributes.time}" is not a date (YYYY-MM-DD)`, where('Cube/@time')));
      day = date;
    } else if (attributes.currency !== undefined || attributes.rate !== undefined) {
      if (day === null) throw (failure = new RateFileError('a rate stands outside a <Cube time="…"> day', where('Cube')));
      if (attributes.rate === undefined) throw (failure = new RateFileError(`the rate of ${attributes.currency} is missing`, where('Cube/@rate')));
      if (attributes.currency === undefined) throw (failure = new RateFileError(`the currency of rate ${attributes.rate} is missing`, where('Cube/@currency')));
      try {
        list.add(day, attributes.currency.trim(), attributes.rate.trim(), where(`Cube[@currency='${attributes.currency.trim()}']`));
      } catch (err) {
        throw (failure = err as RateFileError);
      }
    }
  });
  parser.on('closetag', (tag) => {
    path.pop();
    if (localName(tag.name) === 'Cube' && (tag.attributes as Record<string, string>).time !== undefined) day = null;
  });
  try {
    parser.write(text).close();
  } catch (err) {
    if (failure) throw failure;
    throw new RateFileError(`the XML could not be read (${(err as Error).message})`, `line ${lineAt(text, text.length)}`);
  }
  return list.result('ecb-xml');
};
