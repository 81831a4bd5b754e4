import { FIELD_BLANK } from '../../../../domain/shared/errors';
import { ApiError } from '../../api/http';
import { cleanTextMessage } from '../common/cleanText';
import { errorText } from '../common/useFeedback';
import type { CsvMappingBody, CsvMappingView } from './ruleApi';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The columns, as the wire names them, in the order the dialog shows them. */
export const CSV_COLUMNS = ['booking_date', 'value_date', 'description', 'amount', 'debit', 'credit', 'counterparty_name', 'counterparty_iban', 'reference', 'bank_reference'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The domain's column names (what its checks name in their texts) and the wire's. */
const DOMAIN_COLUMN: Record<CsvColumn, string> = {
  booking_date: 'bookingDate',
  value_date: 'valueDate',
  description: 'description',
  amount: 'amount',
  debit: 'debit',
  credit: 'credit',
  counterparty_name: 'counterpartyName',
  counterparty_iban: 'counterpartyIban',
  reference: 'reference',
  bank_reference: 'bankReference',
};
const WIRE_COLUMN = new Map(Object.entries(DOMAIN_COLUMN).map(([wire, domain]) => [domain, wire as CsvColumn]));

export type AmountStyle = 'signed' | 'split';
type Delimiter = NonNullable<CsvMappingView['delimiter']>;

/** What the dialog edits: the wire's names, and whether the amount is one signed column or debit and credit. */
export interface CsvMappingValues {
  delimiter: Delimiter;
  header_rows: number;
  date_format: CsvMappingView['date_format'];
  decimal: CsvMappingView['decimal'];
  currency: string;
  amount_style: AmountStyle;
  columns: Record<CsvColumn, string>;
}

/** The dialog's values for a saved mapping, or a first one's (a header row, comma-separated, ISO dates, a point). */
export const csvMappingValues = (m: CsvMappingView | null): CsvMappingValues => ({
  delimiter: m?.delimiter ?? ',',
  header_rows: m?.header_rows ?? 1,
  date_format: m?.date_format ?? 'YYYY-MM-DD',
  decimal: m?.decimal ?? '.',
  currency: m?.currency ?? '',
  amount_style: m && !m.columns.amount && (!!m.columns.debit || !!m.columns.credit) ? 'split' : 'signed',
  columns: Object.fromEntries(CSV_COLUMNS.map((c) => [c, m?.columns[c] ?? ''])) as Record<CsvColumn, string>,
});

/** The PUT body: empty columns left out, and only the amount columns of the style chosen. */
export const csvMappingBody = (v: CsvMappingValues): CsvMappingBody => {
  const skipped = new Set<CsvColumn>(v.amount_style === 'signed' ? ['debit', 'credit'] : ['amount']);
  const columns: Record<string, string> = {};
  for (const c of CSV_COLUMNS) {
    const text = (v.columns?.[c] ?? '').trim();
    if (text && !skipped.has(c)) columns[c] = text;
  }
  return {
    csv_mapping: {
      delimiter: v.delimiter,
      header_rows: v.header_rows,
      date_format: v.date_format,
      decimal: v.decimal,
      ...(v.currency?.trim() ? { currency: v.currency.trim().toUpperCase() } : {}),
      columns: { booking_date: columns.booking_date ?? '', description: columns.description ?? '', ...columns },
    },
  };
};

/** A form field's path: a column, or one of the mapping's settings. */
export type CsvField = ['columns', CsvColumn] | [Exclude<keyof CsvMappingValues, 'columns'>];

/** The domain's checks (checkCsvMapping) the dialog words in the screen's language; the rest as the server wrote them. */
const known = (message: string, t: Translate): string => {
  if (message === 'Map either an amount column, or both a debit and a credit column.') return t('bank.csv.errors.amountOrDebitCredit');
  if (/^columns\.\w+ is required\.$/.test(message)) return t('admin.validation.required');
  if (/: without a header row, columns are named by number\.$/.test(message)) return t('bank.csv.errors.numbersWithoutHeader');
  if (/: column numbers start at 1\.$/.test(message)) return t('bank.csv.errors.startAtOne');
  if (/ must be a header text or a column number\.$/.test(message)) return t('bank.csv.errors.column');
  if (message === 'currency must be a code like EUR.') return t('bank.csv.errors.currency');
  if (message === FIELD_BLANK) return t('admin.validation.required');
  return cleanTextMessage(message, t);
};

/**
 * A refusal split for the dialog. The schema's errors name their field (`csv_mapping.columns.amount`);
 * the domain's come together under `csv_mapping`, each naming its column in its text
 * (`columns.debit: …`), and the amount-or-debit-and-credit one goes under the amount columns.
 */
export const csvMappingRefusal = (err: unknown, style: AmountStyle, t: Translate): { fields: Array<{ name: CsvField; errors: string[] }>; rest: string[] } => {
  const byField = new Map<string, { name: CsvField; errors: string[] }>();
  const rest: string[] = [];
  const put = (name: CsvField, text: string) => {
    const entry = byField.get(name.join('.')) ?? { name, errors: [] };
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(name.join('.'), entry);
  };
  const errors = err instanceof ApiError && err.status === 400 ? (err.errors ?? {}) : {};
  for (const [path, messages] of Object.entries(errors)) {
    const parts = path.split('.');
    for (const message of messages) {
      const text = known(message, t);
      if (parts[0] === 'csv_mapping' && parts[1] === 'columns' && (CSV_COLUMNS as readonly string[]).includes(parts[2] ?? '')) put(['columns', parts[2] as CsvColumn], text);
      else if (parts[0] === 'csv_mapping' && ['delimiter', 'header_rows', 'date_format', 'decimal', 'currency'].includes(parts[1] ?? '')) put([parts[1] as 'delimiter'], text);
      else if (path === 'csv_mapping') {
        const column = WIRE_COLUMN.get(/^columns\.(\w+)/.exec(message)?.[1] ?? '');
        if (column) put(['columns', column], text);
        else if (message.startsWith('Map either an amount column')) put(['columns', style === 'split' ? 'debit' : 'amount'], text);
        else if (message.startsWith('currency ')) put(['currency'], text);
        else if (message.startsWith('headerRows ')) put(['header_rows'], text);
        else rest.push(text);
      } else rest.push(text);
    }
  }
  if (byField.size === 0 && rest.length === 0) rest.push(errorText(err));
  return { fields: [...byField.values()], rest };
};
