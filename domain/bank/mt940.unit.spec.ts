import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMt940 } from './mt940';
import { StatementFileError } from './statement';

const sta = readFileSync(new URL('./fixtures/mt940-commerzbank-year-end.sta', import.meta.url), 'utf8');

const refusal = (text: string): StatementFileError => {
  try {
    readMt940(text);
  } catch (error) {
    if (error instanceof StatementFileError) return error;
    throw error;
  }
  throw new Error('the file was read');
};

describe('MT940 (a German bank, SWIFT envelope, ?-coded :86:)', () => {
  const statement = readMt940(sta);

  it('reads the account (currency after the IBAN), the statement id and the balances', () => {
    expect(statement).toMatchObject({
      format: 'mt940',
      statementId: 'STARTUMSE',
      iban: 'DE89370400440532013000',
      currency: 'EUR',
      opening: { date: '2025-12-30', cents: 150_000 },
      closing: { date: '2026-01-02', cents: 264_420 },
    });
  });

  it('reads ?20..?29 as the remittance, ?32/?33 as the name, ?31 as the IBAN and EREF+ as the reference', () => {
    expect(statement.lines[0]).toEqual({
      bookingDate: '2025-12-30',
      valueDate: '2025-12-30',
      amountCents: 119_000,
      description: 'EREF+E2E-INV-2025-0099SVWZ+RF18539007547034 Rechnung 2025-0099',
      counterpartyName: 'Mueller und Soehne GmbH',
      counterpartyIban: 'DE02120300000000202051',
      reference: 'E2E-INV-2025-0099',
      bankReference: '2512300001',
    });
  });

  it('books an entry date of 0102 after a value date of 31 December in the next year', () => {
    expect(statement.lines.slice(1).map((l) => [l.valueDate, l.bookingDate, l.amountCents])).toEqual([
      ['2025-12-31', '2026-01-02', -4_590],
      ['2025-12-31', '2026-01-02', 10],
    ]);
  });

  it('keeps a customer reference with single slashes and joins free :86: lines with a space', () => {
    expect(statement.lines[2]).toMatchObject({ reference: 'INV/2025/7', description: 'Zinsgutschrift 2025 Haben-Zinsen' });
  });

  it('reads RC as money going out and RD as money coming in', () => {
    const text = sta.replace('CR0,10NMSC', 'RD0,10NMSC').replace(':61:2512310102DR45,90', ':61:2512310102RC45,90');
    const lines = readMt940(text.replace(':62F:C260102EUR2644,20', ':62F:C260102EUR2644,20')).lines;
    expect(lines.slice(1).map((l) => l.amountCents)).toEqual([-4_590, 10]);
  });

  it('ignores tags it does not need (:13D:, :34F:, :64:)', () => {
    const text = sta.replace(':28C:00001/001', ':28C:00001/001\r\n:13D:2601021200+0100\r\n:34F:EURC0,');
    expect(readMt940(text).lines).toHaveLength(3);
  });

  it('reads consecutive statements of one account as one when each opens where the last closed', () => {
    const second = [':20:STARTUMSE', ':25:DE89370400440532013000EUR', ':28C:00002/001', ':60F:C260102EUR2644,20', ':61:260105CR5,00NTRFNONREF', ':86:Gutschrift', ':62F:C260105EUR2649,20', '-'].join('\n');
    const both = readMt940(`${sta}\n${second}`);
    expect(both.lines).toHaveLength(4);
    expect(both.closing).toEqual({ date: '2026-01-05', cents: 264_920 });
    expect(refusal(`${sta}\n${second.replace(':60F:C260102EUR2644,20', ':60F:C260102EUR2600,00').replace('2649,20', '2605,00')}`).message).toContain('the one before closed with');
  });
});

describe('MT940 refusals', () => {
  const lineOf = (needle: string): string => `line ${sta.slice(0, sta.indexOf(needle)).split('\n').length}`;

  it('refuses a :62F: that the lines do not add up to, naming its line and the difference in euros', () => {
    const error = refusal(sta.replace(':62F:C260102EUR2644,20', ':62F:C260102EUR2644,21'));
    expect(error.where).toBe(`${lineOf(':62F:')} (:62F:)`);
    expect(error.message.replace(/\u00a0/g, ' ')).toBe(
      `${error.where}: the opening balance 1.500,00 € plus the lines gives 2.644,20 €, but the closing balance is 2.644,21 € (a difference of 0,01 €)`,
    );
  });

  it.each([
    ['an impossible value date', ':61:2513010102DR45,90', ':61:2513010102DR45,90'],
    ['an amount with two commas', ':61:2512310102DR45,90', ':61:2512310102DR4,5,90'],
    ['three decimals', ':61:2512310102DR45,90', ':61:2512310102DR45,905'],
    ['no transaction type', ':61:2512310102DR45,90NMSCNONREF', ':61:2512310102DR45,90'],
  ])('refuses a :61: with %s, naming its line', (_what, find, replacement) => {
    const broken = sta.replace(find === replacement ? ':61:2512310102DR45,90' : find, replacement);
    expect(refusal(broken).where).toBe(`${lineOf(':61:2512310102DR')} (:61:)`);
  });

  it('refuses a malformed :60F: and a missing :62F: with their lines', () => {
    expect(refusal(sta.replace(':60F:C251230EUR1500,00', ':60F:C251230EU1500,00')).where).toBe(`${lineOf(':60F:')} (:60F:)`);
    expect(refusal(sta.replace(/:62F:.*\r\n/, '')).message).toContain('no closing balance');
  });
});

const MMDD = (iso: string): string => iso.slice(5, 7) + iso.slice(8, 10);
const yymmdd = (iso: string): string => iso.slice(2, 4) + MMDD(iso);
const amountText = (cents: number): string => `${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

describe('MT940 round trip', () => {
  it('reads back the lines it was written from', () => {
    const day = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) }).map((t) => new Date(t).toISOString().slice(0, 10));
    const line = fc.record({
      valueDate: day,
      cents: fc.integer({ min: -99_999_999, max: 99_999_999 }).filter((c) => c !== 0),
      bankReference: fc.stringMatching(/^[A-Z0-9]{1,16}$/),
      remittance: fc.stringMatching(/^[A-Za-z0-9 .-]{1,25}$/).map((s) => s.trim()).filter((s) => s !== ''),
      name: fc.stringMatching(/^[A-Za-z][A-Za-z .]{0,26}$/).map((s) => s.trim()),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), fc.integer({ min: -1_000_000, max: 1_000_000 }), (lines, openingCents) => {
        const closingCents = lines.reduce((s, l) => s + l.cents, openingCents);
        const balance = (tag: string, cents: number, date: string): string => `:${tag}:${cents < 0 ? 'D' : 'C'}${yymmdd(date)}EUR${amountText(cents)}`;
        const text = [
          ':20:ROUNDTRIP',
          ':25:DE89370400440532013000',
          ':28C:1/1',
          balance('60F', openingCents, lines[0]!.valueDate),
          ...lines.flatMap((l) => [
            `:61:${yymmdd(l.valueDate)}${MMDD(l.valueDate)}${l.cents < 0 ? 'D' : 'C'}${amountText(l.cents)}NTRFNONREF//${l.bankReference}`,
            `:86:166?00GUTSCHRIFT?20${l.remittance}?32${l.name}`,
          ]),
          balance('62F', closingCents, lines[lines.length - 1]!.valueDate),
          '-',
        ].join('\r\n');
        const read = readMt940(text);
        expect(read.opening!.cents).toBe(openingCents);
        expect(read.closing!.cents).toBe(closingCents);
        expect(read.lines.map((l) => [l.bookingDate, l.amountCents, l.bankReference, l.description, l.counterpartyName])).toEqual(
          lines.map((l) => [l.valueDate, l.cents, l.bankReference, l.remittance.replace(/\s+/g, ' '), l.name === '' ? null : l.name.replace(/\s+/g, ' ')]),
        );
      }),
    );
  });
});
