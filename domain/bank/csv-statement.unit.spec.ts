import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCsvMapping, readCsvStatement, type CsvMapping } from './csv-statement';
import { StatementFileError } from './statement';

const german = new TextDecoder('latin1').decode(readFileSync(new URL('./fixtures/csv-sparkasse-latin1.csv', import.meta.url)));
const english = readFileSync(new URL('./fixtures/csv-english-signed.csv', import.meta.url), 'utf8');

const germanMapping: CsvMapping = {
  delimiter: ';',
  headerRows: 3,
  dateFormat: 'DD.MM.YYYY',
  decimal: ',',
  columns: {
    bookingDate: 'Buchungstag',
    valueDate: 'Valuta',
    debit: 'Soll',
    credit: 'Haben',
    description: 'Verwendungszweck',
    counterpartyName: 'Auftraggeber/Empfänger',
    counterpartyIban: 'iban',
  },
};
const englishMapping: CsvMapping = {
  headerRows: 1,
  dateFormat: 'MM/DD/YYYY',
  decimal: '.',
  currency: 'GBP',
  columns: { bookingDate: 'Posted Date', valueDate: '1', amount: 'Amount', description: '3', reference: 'Reference' },
};

const refusal = (text: string, mapping: CsvMapping): StatementFileError => {
  try {
    readCsvStatement(text, mapping);
  } catch (error) {
    if (error instanceof StatementFileError) return error;
    throw error;
  }
  throw new Error('the file was read');
};

describe('a German CSV (semicolons, decimal comma, thousands points, debit and credit columns)', () => {
  const statement = readCsvStatement(german, germanMapping);

  it('has no balances and no account, and the mapping currency defaults to EUR', () => {
    expect(statement).toMatchObject({ format: 'csv', iban: null, opening: null, closing: null, currency: 'EUR' });
  });

  it('reads credits as money in and debits as money out, whatever sign the debit column carries', () => {
    expect(statement.lines.map((l) => [l.bookingDate, l.valueDate, l.amountCents, l.counterpartyName, l.counterpartyIban])).toEqual([
      ['2025-04-01', '2025-04-01', 119_000, 'Müller & Söhne GmbH', 'DE02120300000000202051'],
      ['2025-04-03', '2025-04-04', -8_990, 'Stadtwerke München', 'DE89370400440532013000'],
      ['2025-04-15', '2025-04-15', -125_000, 'Vermieter GmbH', null],
      ['2025-04-30', '2025-04-30', -750, 'Sparkasse', null],
    ]);
    expect(statement.lines[2]!.description).toBe('Miete April 2025 Büro');
  });

  it('refuses a line with amounts in both columns, and one with neither, by the file line', () => {
    expect(refusal(german.replace('"-89,90";""', '"-89,90";"1,00"'), germanMapping).message).toBe('line 5: both the debit and the credit column have an amount');
    // The quoted description of line 6 spans two lines, so the next record starts on line 8.
    expect(refusal(german.replace('"Abschluss";"0,00";"0,00"', '"Abschluss";"";""'), germanMapping).message).toBe(
      'line 8: neither the debit nor the credit column has an amount',
    );
  });

  it('names the header line when a mapped column is not there', () => {
    const error = refusal(german, { ...germanMapping, columns: { ...germanMapping.columns, credit: 'Gutschrift' } });
    expect(error.message).toBe('line 3: the header has no column "Gutschrift" (mapped as credit)');
  });
});

describe('an English CSV (one signed amount column, quoted thousands)', () => {
  it('reads columns by header text and by number', () => {
    const statement = readCsvStatement(english, englishMapping);
    expect(statement.currency).toBe('GBP');
    expect(statement.lines.map((l) => [l.bookingDate, l.valueDate, l.amountCents, l.description, l.reference])).toEqual([
      ['2025-04-02', '2025-04-01', 150_000, 'ACME LTD, payment INV-2025-0007', 'RF8020250001'],
      ['2025-04-03', '2025-04-03', -350, 'Card payment COFFEE HOUSE', null],
      ['2025-04-03', '2025-04-03', -350, 'Card payment COFFEE HOUSE', null],
      ['2025-04-30', '2025-04-30', -1_200, 'Monthly fee', null],
    ]);
  });

  it.each([
    ['a bad date', '04/03/2025,04/03/2025', '04/03/2025,04/31/2025', 'line 3 (bookingDate): "04/31/2025" is not a date'],
    ['a date in another format', '04/03/2025,04/03/2025', '2025-04-03,2025-04-03', 'line 3 (bookingDate): "2025-04-03" is not a date in the format MM/DD/YYYY'],
    ['a bad amount', '-3.50', '-3.5.0', 'line 3 (amount): "-3.5.0" is not an amount'],
    ['three decimals', '-12.00', '-12.005', 'line 5 (amount): "-12.005" has more than 2 decimals'],
    ['a missing column', 'Monthly fee,-12.00,', 'Monthly fee', 'line 5: there is no column 4 (amount)'],
  ])('refuses %s, naming the line', (_what, original, broken, message) => {
    expect(refusal(english.replace(original, broken), englishMapping).message).toContain(message);
  });

  it('refuses an unclosed quote with its line', () => {
    expect(refusal(`${english}"05/01/2025,x\n`, englishMapping).message).toMatch(/^line \d+: the file is not CSV as mapped/);
  });
});

describe('checkCsvMapping', () => {
  it('accepts the two mappings above', () => {
    expect(checkCsvMapping(germanMapping)).toEqual([]);
    expect(checkCsvMapping(englishMapping)).toEqual([]);
  });

  it('says what is wrong with a mapping', () => {
    expect(checkCsvMapping(null)).toEqual(['The mapping must be an object.']);
    const problems = checkCsvMapping({ delimiter: '|', headerRows: -1, dateFormat: 'YY', decimal: '', columns: { amount: 'A', debit: 'B', bogus: 'x' } });
    expect(problems).toEqual(
      expect.arrayContaining([
        'delimiter must be ",", ";" or a tab.',
        'headerRows must be a whole number from 0 to 50.',
        'decimal must be "." or ",".',
        'columns.bogus is not a column this reader knows.',
        'columns.bookingDate is required.',
        'columns.description is required.',
        'Map either an amount column, or both a debit and a credit column.',
      ]),
    );
    expect(checkCsvMapping({ headerRows: 0, dateFormat: 'YYYY-MM-DD', decimal: '.', columns: { bookingDate: 'Date', amount: '2', description: '0' } })).toEqual([
      'columns.description: column numbers start at 1.',
      'columns.bookingDate: without a header row, columns are named by number.',
    ]);
  });
});

describe('CSV round trip', () => {
  it('reads back generated lines written with either decimal mark', () => {
    const day = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2035, 11, 31) }).map((t) => new Date(t).toISOString().slice(0, 10));
    const line = fc.record({
      date: day,
      cents: fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }).filter((c) => c !== 0),
      description: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,;."äöü€-]{0,40}$/).map((s) => s.trim().replace(/\s+/g, ' ')),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.constantFrom<',' | '.'>(',', '.'), (lines, decimal) => {
        const delimiter = decimal === ',' ? ';' : ',';
        const amount = (cents: number): string => {
          const whole = String(Math.trunc(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+$)/g, decimal === ',' ? '.' : ',');
          return `${cents < 0 ? '-' : ''}${whole}${decimal}${String(Math.abs(cents) % 100).padStart(2, '0')}`;
        };
        const quote = (cell: string): string => `"${cell.replace(/"/g, '""')}"`;
        const dmy = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
        const text = [['Datum', 'Betrag', 'Text'], ...lines.map((l) => [dmy(l.date), amount(l.cents), l.description])]
          .map((cells) => cells.map(quote).join(delimiter))
          .join('\r\n');
        const read = readCsvStatement(text, {
          delimiter,
          headerRows: 1,
          dateFormat: 'DD.MM.YYYY',
          decimal,
          columns: { bookingDate: 'Datum', amount: 'Betrag', description: 'Text' },
        });
        expect(read.lines.map((l) => [l.bookingDate, l.amountCents, l.description])).toEqual(lines.map((l) => [l.date, l.cents, l.description]));
      }),
    );
  });
});
