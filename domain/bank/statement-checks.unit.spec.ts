import { describe, expect, it } from 'vitest';
import { StatementFileError, type Statement, type StatementLine } from './statement';
import { checkBalances, formatAmount, lineKeys } from './statement-checks';

const line = (overrides: Partial<StatementLine>): StatementLine => ({
  bookingDate: '2025-03-03',
  valueDate: '2025-03-03',
  amountCents: 1_000,
  description: 'Coffee',
  counterpartyName: null,
  counterpartyIban: null,
  reference: null,
  bankReference: null,
  ...overrides,
});

const statement = (lines: StatementLine[], openingCents: number, closingCents: number): Statement => ({
  format: 'camt.053',
  statementId: '42',
  iban: 'DE89370400440532013000',
  currency: 'EUR',
  opening: { date: '2025-03-01', cents: openingCents },
  closing: { date: '2025-03-31', cents: closingCents },
  lines,
});

describe('checkBalances', () => {
  it('passes a statement whose lines take the opening to the closing balance', () => {
    expect(() => checkBalances(statement([line({ amountCents: 1_050 }), line({ amountCents: -50 })], 10_000, 11_000))).not.toThrow();
  });

  it('names both figures in euros and the difference', () => {
    const run = (): void => checkBalances(statement([line({ amountCents: 1_050 })], 10_000, 11_000));
    expect(run).toThrow(StatementFileError);
    expect(run).toThrow(/plus the lines gives 110,50.€, but the closing balance is 110,00.€ \(a difference of -0,50.€\)/);
  });

  it('has nothing to prove for a file without balances (CSV)', () => {
    expect(() => checkBalances({ ...statement([line({})], 0, 0), opening: null, closing: null })).not.toThrow();
  });

  it('formats other currencies exactly with their own decimals', () => {
    expect(formatAmount(-123_456, 'USD')).toBe('-1234.56 USD');
    expect(formatAmount(5, 'JPY')).toBe('5 JPY');
    expect(formatAmount(1_005, 'KWD')).toBe('1.005 KWD');
  });
});

describe('lineKeys', () => {
  const iban = 'DE89370400440532013000';

  it('uses the bank reference when there is one, else the line itself', () => {
    const [byReference, byContent] = lineKeys(iban, [line({ bankReference: 'B-1' }), line({})]);
    expect(byReference).toContain('B-1');
    expect(byReference).not.toContain('Coffee');
    expect(byContent).toContain('Coffee');
    expect(byContent).toContain('2025-03-03');
  });

  it('tells identical lines apart by their position among them, and not other lines', () => {
    const keys = lineKeys(iban, [line({}), line({ amountCents: 999 }), line({}), line({})]);
    expect(new Set(keys).size).toBe(4);
    expect(keys[2]).toBe(`${keys[0]}#2`);
    expect(keys[3]).toBe(`${keys[0]}#3`);
    expect(keys[1]!.endsWith('#2')).toBe(false);
  });

  it('gives an overlapping file the same keys for the lines both hold, so a second import adds nothing new twice', () => {
    const monday = [line({ bookingDate: '2025-03-03' }), line({ bookingDate: '2025-03-03' })];
    const tuesday = [line({ bookingDate: '2025-03-04', bankReference: 'T-1' })];
    const wednesday = [line({ bookingDate: '2025-03-05' })];
    const first = lineKeys(iban, [...monday, ...tuesday]);
    const second = lineKeys(iban, [...monday, ...tuesday, ...wednesday]);
    expect(second.filter((k) => first.includes(k))).toEqual(first);
    expect(second.filter((k) => !first.includes(k))).toHaveLength(1);
  });

  it('changes with any field that tells lines apart, and with the account', () => {
    const base = lineKeys(iban, [line({})])[0];
    for (const changed of [
      line({ bookingDate: '2025-03-04' }),
      line({ amountCents: 1_001 }),
      line({ counterpartyIban: 'DE02120300000000202051' }),
      line({ reference: 'RF8020250001' }),
      line({ description: 'Tea' }),
    ]) {
      expect(lineKeys(iban, [changed])[0]).not.toBe(base);
    }
    expect(lineKeys(null, [line({})])[0]).not.toBe(base);
  });
});
