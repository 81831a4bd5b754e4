import { describe, expect, it } from 'vitest';
import type { Statement } from './statement';
import { bookingRange, openingGap, openingGapMessage, statementRefusal, type ImportAccount } from './statement-import';

const GR = 'GR1601101250000000012300695';
const DE = 'DE89370400440532013000';

const statement = (over: Partial<Statement> = {}): Statement => ({
  format: 'camt.053',
  statementId: 'S1',
  iban: GR,
  currency: 'EUR',
  opening: { date: '2026-02-28', cents: 100_00 },
  closing: { date: '2026-03-31', cents: 150_00 },
  lines: [
    { bookingDate: '2026-03-05', valueDate: '2026-03-05', amountCents: 70_00, description: 'A', counterpartyName: null, counterpartyIban: null, reference: null, bankReference: null },
    { bookingDate: '2026-03-02', valueDate: '2026-03-02', amountCents: -20_00, description: 'B', counterpartyName: null, counterpartyIban: null, reference: null, bankReference: null },
  ],
  ...over,
});

const piraeus: ImportAccount = { id: 'a', name: 'Piraeus', kind: 'bank', iban: GR };
const deutsche: ImportAccount = { id: 'b', name: 'Deutsche Bank', kind: 'bank', iban: DE };
const noIban: ImportAccount = { id: 'c', name: 'New bank', kind: 'bank', iban: null };
const till: ImportAccount = { id: 'd', name: 'Cash on Hand', kind: 'cash', iban: null };
const all = [piraeus, deutsche, noIban, till];

describe('statementRefusal', () => {
  it('lets a statement of the account’s own IBAN in, and a CSV file (no IBAN) into any bank account', () => {
    expect(statementRefusal(statement(), piraeus, all)).toBeNull();
    expect(statementRefusal(statement({ format: 'csv', iban: null }), noIban, all)).toBeNull();
  });

  it('names the account the statement belongs to, or the IBAN the account lacks or differs by', () => {
    expect(statementRefusal(statement(), deutsche, all)).toBe('This statement is for Piraeus (GR16 0110 1250 0000 0001 2300 695), not for Deutsche Bank: import it there.');
    expect(statementRefusal(statement({ iban: 'NL91ABNA0417164300' }), deutsche, all)).toBe('This statement is for NL91 ABNA 0417 1643 00, but Deutsche Bank is DE89 3704 0044 0532 0130 00.');
    expect(statementRefusal(statement({ iban: 'NL91ABNA0417164300' }), noIban, all)).toContain('enter that IBAN on New bank first');
  });

  it('refuses the cash box and a currency the books do not keep', () => {
    expect(statementRefusal(statement({ iban: null }), till, all)).toContain('cash on hand');
    expect(statementRefusal(statement({ currency: 'USD' }), piraeus, all)).toContain('in USD');
  });
});

describe('openingGap', () => {
  it('is the opening minus the previous closing when they differ, else null', () => {
    expect(openingGap(statement(), { closing: { date: '2026-02-28', cents: 100_00 } })).toBeNull();
    expect(openingGap(statement(), { closing: { date: '2026-02-28', cents: 98_76 } })).toBe(1_24);
    expect(openingGap(statement(), { closing: { date: '2026-02-28', cents: 101_00 } })).toBe(-1_00);
    expect(openingGap(statement(), null)).toBeNull();
    expect(openingGap(statement({ format: 'csv', opening: null, closing: null }), { closing: { date: '2026-02-28', cents: 1 } })).toBeNull();
  });

  it('says both balances, their days and the difference', () => {
    const message = openingGapMessage(statement(), { closing: { date: '2026-02-27', cents: 98_76 } }, 1_24);
    expect(message).toMatch(/100,00\s€ on 2026-02-28 .* 98,76\s€ on 2026-02-27 by 1,24\s€/);
  });
});

describe('bookingRange', () => {
  it('is the earliest and latest booking day, whatever the order of the lines', () => {
    expect(bookingRange(statement())).toEqual({ first: '2026-03-02', last: '2026-03-05' });
    expect(bookingRange(statement({ lines: [] }))).toBeNull();
  });
});
