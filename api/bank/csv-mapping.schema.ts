import { z } from 'zod';
import type { CsvMapping } from '../../domain/bank/csv-statement';
import type { CsvMappingWire } from '../platform/contracts/rest.contract';
import { parseInput } from '../platform/http/validate';
import { zOptionalText, zRequiredText } from '../platform/wire';

const column = zOptionalText(100);

/**
 * `PUT /api/bank-accounts/{id}/csv-mapping/`: `{ csv_mapping: {…} | null }`, the columns by header
 * text or 1-based number. The domain (checkCsvMapping) checks how they fit together.
 */
export const body = z.object({
  csv_mapping: z
    .object({
      delimiter: z.enum([',', ';', '\t'], { error: 'Choose ",", ";" or a tab.' }).optional(),
      header_rows: z.number({ error: 'A valid integer is required.' }).int().min(0).max(50),
      date_format: z.enum(['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'], { error: 'Choose YYYY-MM-DD, DD.MM.YYYY, DD/MM/YYYY or MM/DD/YYYY.' }),
      decimal: z.enum(['.', ','], { error: 'Choose "." or ",".' }),
      currency: zOptionalText(3),
      columns: z.object({
        booking_date: zRequiredText(100),
        value_date: column,
        amount: column,
        debit: column,
        credit: column,
        description: zRequiredText(100),
        counterparty_name: column,
        counterparty_iban: column,
        reference: column,
        bank_reference: column,
      }),
    })
    .nullable(),
});

const set = <T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined | '') => {
  if (value !== undefined && value !== '') target[key] = value as T[K];
};

type WireColumns = NonNullable<CsvMappingWire['columns']>;

/** Each column's name on the wire and in the domain: the one table both directions read. */
const COLUMN_NAMES: ReadonlyArray<readonly [keyof WireColumns, keyof CsvMapping['columns']]> = [
  ['booking_date', 'bookingDate'],
  ['value_date', 'valueDate'],
  ['amount', 'amount'],
  ['debit', 'debit'],
  ['credit', 'credit'],
  ['description', 'description'],
  ['counterparty_name', 'counterpartyName'],
  ['counterparty_iban', 'counterpartyIban'],
  ['reference', 'reference'],
  ['bank_reference', 'bankReference'],
];

export const parseCsvMappingBody = (raw: unknown): CsvMapping | null => {
  const m = parseInput(body, raw).csv_mapping;
  if (m === null) return null;
  const columns = { bookingDate: m.columns.booking_date, description: m.columns.description } as CsvMapping['columns'];
  for (const [wire, domain] of COLUMN_NAMES) set(columns, domain, m.columns[wire] ?? undefined);
  const mapping: CsvMapping = { headerRows: m.header_rows, dateFormat: m.date_format, decimal: m.decimal, columns };
  set(mapping, 'delimiter', m.delimiter);
  set(mapping, 'currency', m.currency?.toUpperCase());
  return mapping;
};

/** A saved mapping in the names the PUT takes (what GET and PUT answer): it can be sent back as it is. */
export const toCsvMappingWire = (m: CsvMapping | null): CsvMappingWire | null => {
  if (m === null) return null;
  const columns = { booking_date: m.columns.bookingDate, description: m.columns.description } as WireColumns;
  for (const [wire, domain] of COLUMN_NAMES) set(columns, wire, m.columns[domain]);
  const wire: CsvMappingWire = { header_rows: m.headerRows, date_format: m.dateFormat, decimal: m.decimal, columns };
  set(wire, 'delimiter', m.delimiter);
  set(wire, 'currency', m.currency);
  return wire;
};
