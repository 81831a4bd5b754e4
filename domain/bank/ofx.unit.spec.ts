import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOfx } from './ofx';
import { StatementFileError } from './statement';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const sgml = fixture('ofx1-sgml-natwest.ofx');
const xml = fixture('ofx2-xml-chase.ofx');

const refusal = (text: string): StatementFileError => {
  try {
    readOfx(text);
  } catch (error) {
    if (error instanceof StatementFileError) return error;
    throw error;
  }
  throw new Error('the file was read');
};

describe('OFX 1.x (SGML, value end tags left out)', () => {
  const statement = readOfx(sgml);

  it('reads the currency, the account as an IBAN, and derives the opening from the ledger balance', () => {
    expect(statement).toMatchObject({
      format: 'ofx',
      iban: 'GB29NWBK60161331926819',
      currency: 'GBP',
      closing: { date: '2025-04-30', cents: 321_055 },
      // 3210.55 − (−45.00 + 1500.00 − 3.50 − 3.50), the day before the first line.
      opening: { date: '2025-04-09', cents: 176_255 },
    });
  });

  it('reads each STMTTRN: dates, signed amount, FITID, NAME, MEMO, REFNUM and entities', () => {
    expect(statement.lines[0]).toEqual({
      bookingDate: '2025-04-10',
      valueDate: '2025-04-09',
      amountCents: -4_500,
      description: 'CARD 4921 CONTACTLESS',
      counterpartyName: 'TESCO STORES 3042',
      counterpartyIban: null,
      reference: null,
      bankReference: '202504100001',
    });
    expect(statement.lines[1]).toMatchObject({ amountCents: 150_000, description: 'INV 2025-0007 & fees', reference: 'RF8020250001' });
    expect(statement.lines).toHaveLength(4);
  });
});

describe('OFX 2.x (XML)', () => {
  const statement = readOfx(xml);

  it('reads the same elements with end tags, character references decoded, and keeps a non-IBAN account out', () => {
    expect(statement).toMatchObject({ currency: 'USD', iban: null, closing: { date: '2025-05-31', cents: 835_501 }, opening: { date: '2025-05-04', cents: 600_000 } });
    expect(statement.lines.map((l) => [l.bookingDate, l.amountCents, l.counterpartyName, l.description])).toEqual([
      ['2025-05-05', 250_000, 'Café Lumère LLC', 'Invoice 2025-0011'],
      ['2025-05-12', -12_999, 'AWS EMEA', 'AWS EMEA'],
      ['2025-05-31', -1_500, 'MONTHLY SERVICE FEE', 'MONTHLY SERVICE FEE'],
    ]);
  });

  it('refuses a DOCTYPE before reading anything', () => {
    const error = refusal(xml.replace('<OFX>', '<!DOCTYPE OFX SYSTEM "file:///etc/passwd">\n<OFX>'));
    expect(error.message).toContain('DOCTYPE declaration is not allowed');
    expect(error.where).toBe('line 3');
  });
});

describe('OFX refusals', () => {
  it('names the elements left open in a cut-off file', () => {
    const error = refusal(sgml.slice(0, sgml.indexOf('<LEDGERBAL>')));
    expect(error.message).toContain('the file ends before </STMTRS>');
    expect(error.where).toBe('OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS');
  });

  it('names the line of a mismatched end tag and of an amount with three decimals', () => {
    const lineOf = (needle: string, text: string): string => `line ${text.slice(0, text.indexOf(needle)).split('\n').length}`;
    expect(refusal(xml.replace('</BANKTRANLIST>', '</BANKTRANLIS>')).where).toBe(lineOf('</BANKTRANLIST>', xml));
    const error = refusal(sgml.replace('<TRNAMT>-45.00', '<TRNAMT>-1.005'));
    expect(error.where).toBe(`${lineOf('<STMTTRN>', sgml)} (<STMTTRN>) <TRNAMT>`);
    expect(error.message).toContain('more than 2 decimals');
  });

  it('refuses a file with two statements and one without a ledger balance', () => {
    const stmt = xml.slice(xml.indexOf('<STMTTRNRS>'), xml.indexOf('</STMTTRNRS>') + 12);
    expect(refusal(xml.replace(stmt, stmt + stmt)).message).toContain('holds 2 bank statements');
    expect(refusal(sgml.replace(/<LEDGERBAL>[\s\S]*?<\/LEDGERBAL>/, '')).message).toContain('no ledger balance');
  });

  it('reads a tag name built to make a backtracking parser hang at once', () => {
    const started = Date.now();
    expect(() => readOfx(`OFXHEADER:100\n<OFX><A${'B'.repeat(50_000)}!`)).toThrow(StatementFileError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
