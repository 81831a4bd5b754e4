import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { camt053Sample } from '../../test/camt053-sample';
import { readCamt053, readCamt053Lines } from './camt053';
import { StatementFileError } from './statement';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const sparkasse = fixture('camt053-001-02-sparkasse.xml');
const piraeus = fixture('camt053-001-08-piraeus.xml');

const refusal = (xml: string): StatementFileError => {
  try {
    readCamt053(xml);
  } catch (error) {
    if (error instanceof StatementFileError) return error;
    throw error;
  }
  throw new Error('the file was read');
};

describe('camt.053.001.02 (a German bank)', () => {
  const statement = readCamt053(sparkasse);

  it('reads the account, the currency and the opening (OPBD before PRCD) and closing balances', () => {
    expect(statement).toMatchObject({
      format: 'camt.053',
      statementId: '2025-03-06-00042',
      iban: 'DE89370400440532013000',
      currency: 'EUR',
      opening: { date: '2025-03-01', cents: 1_000_000 },
      closing: { date: '2025-03-06', cents: 1_149_000 },
    });
  });

  it('reads a credit with its RF reference, the debtor as counterparty and entities decoded', () => {
    expect(statement.lines[0]).toEqual({
      bookingDate: '2025-03-03',
      valueDate: '2025-03-03',
      amountCents: 119_000,
      description: 'Invoice 2025-0001',
      counterpartyName: 'Müller & Söhne GmbH',
      counterpartyIban: 'DE02120300000000202051',
      reference: 'RF8020250001',
      bankReference: '2025030300001',
    });
  });

  it('reads a debit with the creditor as counterparty, joins the Ustrd lines and ignores NOTPROVIDED', () => {
    expect(statement.lines[1]).toMatchObject({
      amountCents: -25_050,
      valueDate: '2025-03-05',
      description: 'Server rent March Customer 4711',
      counterpartyName: 'Hosting & Co KG',
      counterpartyIban: 'AT611904300234573201',
      reference: null,
    });
  });

  it('splits a batch entry into one line per transaction when each carries its own amount', () => {
    const batch = statement.lines.filter((l) => l.bankReference === '2025030500003');
    expect(batch.map((l) => [l.amountCents, l.counterpartyName, l.reference])).toEqual([
      [10_000, 'Anna Schmidt', null],
      [20_000, 'Jean Dupont', 'RF5320250002'],
    ]);
  });

  it('keeps a batch entry as one line when its transactions do not carry the whole amount', () => {
    const xml = sparkasse.replace('<Amt Ccy="EUR">200.00</Amt>', '<Amt Ccy="USD">200.00</Amt>');
    const lines = readCamt053(xml).lines.filter((l) => l.bankReference === '2025030500003');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amountCents: 30_000, description: 'RE 2025-0002 Teilzahlung', counterpartyName: null });
  });

  it('takes a reversal in the direction its CdtDbtInd states, so the balances add up', () => {
    const reversal = statement.lines.find((l) => l.bankReference === '2025030600004');
    expect(reversal).toMatchObject({ amountCents: 25_050, description: 'Rueckbuchung Lastschrift' });
    const sum = statement.lines.reduce((s, l) => s + l.amountCents, 0);
    expect(statement.opening!.cents + sum).toBe(statement.closing!.cents);
  });

  it('leaves out a pending entry, which is not in the booked closing balance', () => {
    expect(statement.lines).toHaveLength(5);
    expect(statement.lines.some((l) => l.amountCents === -9_900)).toBe(false);
  });
});

describe('camt.053.001.08 (a Greek bank, prefixed namespace)', () => {
  const statement = readCamt053(piraeus);

  it('reads PRCD as the opening, a DtTm balance date, and the parties wrapped in Pty', () => {
    expect(statement).toMatchObject({
      iban: 'GR1601101250000000012300695',
      opening: { date: '2025-05-31', cents: 520_000 },
      closing: { date: '2025-06-30', cents: 704_760 },
    });
    expect(statement.lines.map((l) => [l.bookingDate, l.amountCents, l.counterpartyName, l.reference])).toEqual([
      ['2025-06-02', 248_000, 'Παπαδόπουλος Α.Ε.', 'RF4020250042'],
      ['2025-06-16', -62_000, 'ΔΕΗ Α.Ε.', null],
      ['2025-06-30', -1_240, null, null],
    ]);
    expect(statement.lines[2]!.description).toBe('Προμήθεια τήρησης λογαριασμού');
  });

  it('uses the end-to-end id as the reference when there is no structured one', () => {
    const xml = piraeus.replace('<camt:Strd><camt:CdtrRefInf><camt:Ref>RF4020250042</camt:Ref></camt:CdtrRefInf></camt:Strd>', '');
    expect(readCamt053(xml).lines[0]!.reference).toBe('INV-2025-0042');
  });
});

describe('camt.053 refusals', () => {
  it('refuses an amount with more than two decimals in euros, naming the element', () => {
    const error = refusal(sparkasse.replace('<Amt Ccy="EUR">250.50</Amt>', '<Amt Ccy="EUR">1.005</Amt>'));
    expect(error.where).toBe('Stmt/Ntry[2]/Amt');
    expect(error.message).toContain('"1.005" has more than 2 decimals');
  });

  it('refuses a file cut off in the middle, naming the element left open', () => {
    const cut = sparkasse.slice(0, sparkasse.indexOf('<Dbtr><Nm>Anna'));
    const error = refusal(cut);
    expect(error.message).toContain('the file ends before <RltdPties> is closed');
    expect(error.where).toContain('Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls/RltdPties');
  });

  it('refuses a malformed tag with its line', () => {
    const error = refusal(sparkasse.replace('<Sts>BOOK</Sts>', '<Sts>BOOK</Stz>'));
    expect(error.where).toBe(`line ${sparkasse.slice(0, sparkasse.indexOf('<Sts>BOOK</Sts>')).split('\n').length}`);
  });

  it('refuses several statements in one file', () => {
    const stmt = sparkasse.slice(sparkasse.indexOf('<Stmt>'), sparkasse.indexOf('</Stmt>') + 7);
    expect(refusal(sparkasse.replace(stmt, stmt + stmt)).message).toContain('holds 2 statements');
  });

  it('refuses a version outside .02 to .08 and another message type', () => {
    expect(refusal(sparkasse.replace('camt.053.001.02', 'camt.053.001.09')).message).toContain('is not camt.053.001.02 to .001.08');
    expect(refusal(sparkasse.replace('camt.053.001.02', 'camt.052.001.02')).where).toBe('Document');
  });

  it('refuses an entry in another currency than the account', () => {
    const error = refusal(sparkasse.replace('<Amt Ccy="EUR">1190.00</Amt>\n        <CdtDbtInd>', '<Amt Ccy="CHF">1190.00</Amt>\n        <CdtDbtInd>'));
    expect(error.where).toBe('Stmt/Ntry[1]/Amt');
  });

  it('refuses a DOCTYPE itself, even when called directly', () => {
    const xml = sparkasse.replace('<Document', '<!DOCTYPE Document [<!ENTITY x "y">]>\n<Document');
    expect(refusal(xml).where).toBe('line 2');
  });
});

describe('camt.053 read element by element', () => {
  it('reads a generated 10,000-line statement with the totals it was written with', () => {
    const sample = camt053Sample(10_000);
    const statement = readCamt053(sample.xml);
    expect(sample.pending).toBeGreaterThan(0);
    expect(statement.lines).toHaveLength(10_000);
    expect(statement.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(sample.sumCents);
    expect(statement.opening!.cents).toBe(sample.openingCents);
    expect(statement.closing!.cents).toBe(sample.closingCents);
    expect(statement.lines.filter((l) => l.reference?.startsWith('RF18')).length).toBe(sample.withReference);
    expect(statement.iban).toBe('GR1601101250000000012300695');
    // Entry 50 is a batch of two transactions (3,960.50 EUR split into a third and two thirds), each a line.
    expect(statement.lines.filter((l) => l.bankReference === 'BANK-50').map((l) => l.amountCents)).toEqual([132_016, 264_034]);
    expect(statement.lines.find((l) => l.bankReference === 'BANK-1')).toEqual({
      bookingDate: '2025-03-02',
      valueDate: '2025-03-03',
      amountCents: 8_019,
      description: 'Payment 1 for services rendered in March 2025',
      counterpartyName: 'Παπαδόπουλος Α.Ε.',
      counterpartyIban: 'AT611904300234573201',
      reference: 'RF1800000001',
      bankReference: 'BANK-1',
    });
    expect(statement.lines.find((l) => l.bankReference === 'BANK-4')).toMatchObject({ counterpartyName: 'Müller & Söhne GmbH', reference: null });
  });

  it('hands out the same lines slice by slice, whatever the slice cuts (a tag, an entity, a character outside the BMP)', () => {
    const xml = camt053Sample(30).xml.replace('Payment 7 for services', 'Payment 7 \u{1F4B6} for &amp; services');
    const whole = readCamt053(xml);
    for (const size of [1, 7, 64, 1000, 4096]) {
      const reader = readCamt053Lines(xml, size);
      const handed: (typeof whole.lines)[] = [];
      let step = reader.next();
      for (; !step.done; step = reader.next()) handed.push(step.value);
      expect(handed.every((chunk) => chunk.length > 0), `slices of ${size}`).toBe(true);
      expect(handed.flat(), `slices of ${size}`).toEqual(whole.lines);
      expect(step.value).toEqual(whole);
      expect(handed.length, `slices of ${size}`).toBeGreaterThan(1);
    }
    expect(whole.lines.some((l) => l.description === 'Payment 7 \u{1F4B6} for & services rendered in March 2025')).toBe(true);
  });

  it('throws an error found late only after handing out the lines before it, naming where', () => {
    const xml = camt053Sample(30).xml;
    const reader = readCamt053Lines(xml.slice(0, xml.lastIndexOf('</Ntry>')), 2048);
    let handed = 0;
    expect(() => {
      for (let step = reader.next(); !step.done; step = reader.next()) handed += step.value.length;
    }).toThrow(/is closed \(is it cut off\?\)/);
    expect(handed).toBeGreaterThan(0);
  });

  it('decodes each entity once and keeps an undefined one as written', () => {
    const xml = sparkasse.replace('<Ustrd>Invoice 2025-0001</Ustrd>', '<Ustrd>A &amp;lt; B &#x3A9; &nbsp;C</Ustrd>');
    expect(readCamt053(xml).lines[0]!.description).toBe('A &lt; B Ω &nbsp;C');
  });

  it('passes over elements it does not keep, whatever they are called', () => {
    const xml = sparkasse.replace('<Ustrd>Invoice 2025-0001</Ustrd>', '<constructor><__proto__>x</__proto__></constructor><Ustrd>Invoice 2025-0001</Ustrd>');
    expect(readCamt053(xml).lines[0]!.description).toBe('Invoice 2025-0001');
  });

  it('names the line of a bare & when the next ";" is many lines on, or never comes', () => {
    for (const [bare, fixture] of [
      ['Müller & Söhne', sparkasse.replace('Müller &amp; Söhne', 'Müller & Söhne')],
      ['Anna & Schmidt', sparkasse.replace('Anna Schmidt', 'Anna & Schmidt')],
    ] as const) {
      const error = refusal(fixture);
      expect(error.where, bare).toBe(`line ${fixture.slice(0, fixture.indexOf(bare)).split('\n').length}`);
      expect(error.message, bare).toContain('a & in a text is written &amp;');
    }
  });

  it('names the element a wrong closing tag meets', () => {
    expect(refusal(sparkasse.replace('<Sts>BOOK</Sts>', '<Sts>BOOK</Stz>')).message).toContain('<Sts> is closed by a tag of another name');
  });

  it('names the prefixed element left open in a cut-off file', () => {
    const error = refusal(piraeus.slice(0, piraeus.indexOf('</camt:BookgDt>')));
    expect(error.message).toContain('the file ends before <camt:BookgDt> is closed');
    expect(error.where).toBe('camt:Document/camt:BkToCstmrStmt/camt:Stmt/camt:Ntry/camt:BookgDt');
  });

  it('refuses elements nested more than 100 levels and a second root element, with the line', () => {
    const deep = sparkasse.replace('<Ustrd>Invoice 2025-0001</Ustrd>', `${'<X>'.repeat(101)}${'</X>'.repeat(101)}`);
    expect(refusal(deep).message).toContain('nested more than 100 levels deep');
    const twoRoots = refusal(`${sparkasse}<Document/>`);
    expect(twoRoots.where).toBe(`line ${sparkasse.split('\n').length}`);
    expect(twoRoots.message).toContain('only one root');
  });
});
