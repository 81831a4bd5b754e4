import { describe, expect, it } from 'vitest';
import type { BillingDocument } from '../../einvoice/document';
import { ValidationError } from '../../shared/errors';
import { invoicesDocXml, seriesAndAa } from './invoices-doc';
import type { IncomeClassification, MyDataSource } from './types';
import { billingDocument, BUYER_DE, BUYER_GR, BUYER_US, line } from './test/documents';
import { validateMyData } from './test/validate';

const SERVICES_GR: IncomeClassification = { type: 'E3_561_001', category: 'category1_3' };
const SERVICES_EU: IncomeClassification = { type: 'E3_561_005', category: 'category1_3' };
const SERVICES_ABROAD: IncomeClassification = { type: 'E3_561_006', category: 'category1_3' };
const MARK = '400001912345678';

const source = (document: BillingDocument, classification: IncomeClassification, correlatedMark: string | null = null): MyDataSource => ({ document, classification, correlatedMark });

/** The texts of every element of that (local) name, in document order. */
const values = (xml: string, name: string): string[] => [...xml.matchAll(new RegExp(`<(?:icls:)?${name}>([^<]*)</`, 'g'))].map((m) => m[1]!);
/** The one element of that name, with what it holds. */
const part = (xml: string, name: string): string => xml.slice(xml.indexOf(`<${name}>`), xml.indexOf(`</${name}>`));
const summary = (xml: string) => {
  const s = part(xml, 'invoiceSummary');
  return { net: values(s, 'totalNetValue')[0], vat: values(s, 'totalVatAmount')[0], gross: values(s, 'totalGrossValue')[0], classified: values(s, 'amount') };
};

/** The XML of one document, after checking it against AADE's schema. */
const validXml = async (...sources: MyDataSource[]): Promise<string> => {
  const xml = invoicesDocXml(sources);
  expect(await validateMyData(xml)).toEqual([]);
  return xml;
};

const licenceAndSupport = [line('GRC platform licence', 1000, 100000, 2400), line('Support hours', 3000, 3333, 2400)];
const domestic = billingDocument({ number: 'INV-2026-0001', buyer: BUYER_GR, lines: licenceAndSupport });
const intraEu = billingDocument({ number: 'INV-2026-0002', buyer: BUYER_DE, lines: licenceAndSupport });
const export_ = billingDocument({ number: 'INV-2026-0003', buyer: BUYER_US, lines: [line('GRC platform licence', 1000, 250000, 0)] });
const withExempt = billingDocument({
  number: 'INV-2026-0004',
  buyer: BUYER_GR,
  lines: [line('GRC platform licence', 1000, 100000, 2400), line('Certified training course', 2000, 15000, 0, { vatCategory: 'E', exemptionReason: 'Art. 132(1)(i)' })],
});
const preceding = { number: 'INV-2026-0001', date: '2026-03-02' };
const partialCredit = billingDocument({ kind: 'credit_note', number: 'CN-2026-000001', buyer: BUYER_GR, lines: [line('Support hours', 1000, 3333, 2400)], precedingInvoice: preceding });
const fullCredit = billingDocument({ kind: 'credit_note', number: 'CN-2026-000002', buyer: BUYER_GR, lines: licenceAndSupport, precedingInvoice: preceding });
const inDollars = billingDocument({ number: 'INV-2026-0005', buyer: BUYER_GR, lines: licenceAndSupport, fx: { currency: 'USD', rate: '1.0856', rateDate: '2026-03-02' } });

describe('myDATA InvoicesDoc', () => {
  it('(a) sends a domestic service invoice at 24 % as a 2.1 with the AFMs, its series and number, and category 1 lines', async () => {
    const xml = await validXml(source(domestic, SERVICES_GR));
    expect(values(part(xml, 'issuer'), 'vatNumber')).toEqual(['801234560']);
    expect(part(xml, 'issuer')).not.toContain('<name>');
    expect(part(xml, 'counterpart')).toBe('<counterpart>\n      <vatNumber>094014201</vatNumber>\n      <country>GR</country>\n      <branch>0</branch>\n    ');
    expect([values(xml, 'series'), values(xml, 'aa'), values(xml, 'issueDate'), values(xml, 'invoiceType'), values(xml, 'currency')]).toEqual([['INV-2026'], ['0001'], ['2026-03-02'], ['2.1'], ['EUR']]);
    expect(xml).not.toContain('exchangeRate');
    expect(xml).not.toContain('correlatedInvoices');
    expect(values(xml, 'lineNumber')).toEqual(['1', '2']);
    expect(values(xml, 'netValue')).toEqual(['1000.00', '99.99']);
    expect(values(xml, 'vatCategory')).toEqual(['1', '1']);
    expect(values(xml, 'vatAmount')).toEqual(['240.00', '24.00']);
    expect(xml).not.toContain('vatExemptionCategory');
    expect(values(xml, 'classificationType')).toEqual(['E3_561_001', 'E3_561_001', 'E3_561_001']);
    expect(values(xml, 'classificationCategory')).toEqual(['category1_3', 'category1_3', 'category1_3']);
    expect(summary(xml)).toEqual({ net: '1099.99', vat: '264.00', gross: '1363.99', classified: ['1099.99'] });
    expect(['totalWithheldAmount', 'totalFeesAmount', 'totalStampDutyAmount', 'totalOtherTaxesAmount', 'totalDeductionsAmount'].map((n) => values(xml, n)[0])).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00']);
    expect(xml).not.toContain('paymentMethods');
    // The schema check is no formality: a category AADE does not have fails it.
    expect(await validateMyData(xml.replace('<vatCategory>1</vatCategory>', '<vatCategory>11</vatCategory>'))).toEqual([expect.stringMatching(/vatCategory.*'11'/)]);
  });

  it('(b) sends an intra-EU reverse-charge service invoice as a 2.2: no VAT (7), services supplied abroad (4), the buyer named and addressed', async () => {
    const xml = await validXml(source(intraEu, SERVICES_EU));
    expect(values(xml, 'invoiceType')).toEqual(['2.2']);
    expect(values(part(xml, 'counterpart'), 'vatNumber')).toEqual(['123456789']);
    expect(values(part(xml, 'counterpart'), 'country')).toEqual(['DE']);
    expect(values(part(xml, 'counterpart'), 'name')).toEqual(['Kunde GmbH']);
    expect([values(xml, 'street'), values(xml, 'postalCode'), values(xml, 'city')]).toEqual([['Friedrichstraße 43'], ['10117'], ['Berlin']]);
    expect(values(xml, 'vatCategory')).toEqual(['7', '7']);
    expect(values(xml, 'vatAmount')).toEqual(['0.00', '0.00']);
    expect(values(xml, 'vatExemptionCategory')).toEqual(['4', '4']);
    expect(summary(xml)).toEqual({ net: '1099.99', vat: '0.00', gross: '1099.99', classified: ['1099.99'] });
  });

  it('(c) sends a third-country service invoice as a 2.3: no VAT (7), export (8)', async () => {
    const xml = await validXml(source(export_, SERVICES_ABROAD));
    expect(values(xml, 'invoiceType')).toEqual(['2.3']);
    expect(values(part(xml, 'counterpart'), 'name')).toEqual(['Client &amp; Sons Inc.']);
    expect([values(xml, 'vatNumber')[1], values(xml, 'country')[1], values(xml, 'postalCode')[0], values(xml, 'city')[0]]).toEqual(['123456789', 'US', '10001', 'New York, NY']);
    expect([values(xml, 'vatCategory'), values(xml, 'vatExemptionCategory')]).toEqual([['7'], ['4']]);
    expect(summary(xml)).toEqual({ net: '2500.00', vat: '0.00', gross: '2500.00', classified: ['2500.00'] });
  });

  it('(d) gives an exempt line beside a 24 % line its exemption category (7) alone', async () => {
    const xml = await validXml(source(withExempt, SERVICES_GR));
    expect(values(xml, 'vatCategory')).toEqual(['1', '7']);
    expect(values(part(xml, 'invoiceDetails'), 'vatExemptionCategory')).toEqual([]);
    expect(values(xml, 'vatExemptionCategory')).toEqual(['7']);
    expect(values(xml, 'netValue')).toEqual(['1000.00', '300.00']);
    expect(summary(xml)).toEqual({ net: '1300.00', vat: '240.00', gross: '1540.00', classified: ['1300.00'] });
  });

  it('(e) sends a partial credit note as a 5.1 correlated to the invoice’s MARK, in positive amounts', async () => {
    const xml = await validXml(source(partialCredit, SERVICES_GR, MARK));
    expect([values(xml, 'series'), values(xml, 'aa'), values(xml, 'invoiceType'), values(xml, 'correlatedInvoices')]).toEqual([['CN-2026'], ['000001'], ['5.1'], [MARK]]);
    expect([values(xml, 'netValue'), values(xml, 'vatAmount'), values(xml, 'vatCategory')]).toEqual([['33.33'], ['8.00'], ['1']]);
    expect(summary(xml)).toEqual({ net: '33.33', vat: '8.00', gross: '41.33', classified: ['33.33'] });
    expect(values(part(xml, 'counterpart'), 'vatNumber')).toEqual(['094014201']);
  });

  it('(f) sends a full credit note as a 5.1 with the invoice’s amounts, positive', async () => {
    const xml = await validXml(source(fullCredit, SERVICES_GR, MARK));
    expect([values(xml, 'invoiceType'), values(xml, 'correlatedInvoices')]).toEqual([['5.1'], [MARK]]);
    expect(values(xml, 'netValue')).toEqual(['1000.00', '99.99']);
    expect(summary(xml)).toEqual({ net: '1099.99', vat: '264.00', gross: '1363.99', classified: ['1099.99'] });
    // Without the invoice's MARK it is uncorrelated (5.2), and says nothing of an invoice.
    const uncorrelated = await validXml(source(fullCredit, SERVICES_GR));
    expect(values(uncorrelated, 'invoiceType')).toEqual(['5.2']);
    expect(uncorrelated).not.toContain('correlatedInvoices');
  });

  it('(g) sends a dollar invoice in euros at its rate, as the ledger posted it, naming the currency and rate', async () => {
    const xml = await validXml(source(inDollars, SERVICES_GR));
    expect([values(xml, 'currency'), values(xml, 'exchangeRate')]).toEqual([['USD'], ['1.0856']]);
    // Gross $1,363.99 is €1,256.44; the VAT of the 24 % rate, $264.00, is €243.18; the nets share the rest.
    expect(values(xml, 'netValue')).toEqual(['921.15', '92.11']);
    expect(values(xml, 'vatAmount')).toEqual(['221.07', '22.11']);
    expect(summary(xml)).toEqual({ net: '1013.26', vat: '243.18', gross: '1256.44', classified: ['1013.26'] });
    expect(inDollars.accounting?.vatCents).toBe(24318);
  });

  it('writes a rate with the five decimals myDATA takes (¥100,000 at 161.234567 is €620.21)', async () => {
    const sixDecimals = billingDocument({ number: 'INV-2026-0006', buyer: BUYER_US, lines: [line('Licence', 1000, 10_000_000, 0)], fx: { currency: 'JPY', rate: '161.234567', rateDate: '2026-03-02' } });
    const xml = await validXml(source(sixDecimals, SERVICES_ABROAD));
    expect(values(xml, 'exchangeRate')).toEqual(['161.23457']);
    expect(values(xml, 'netValue')).toEqual(['620.21']);
  });

  it("classifies each line as its own classification says (a product's), the rest as the document's, and sums the summary per classification", async () => {
    const TRAINING: IncomeClassification = { type: 'E3_561_002', category: 'category1_3' };
    const OTHER: IncomeClassification = { type: 'E3_562', category: 'category1_5' };
    const threeLines = billingDocument({ number: 'INV-2026-0010', buyer: BUYER_GR, lines: [...licenceAndSupport, line('Grant administration', 1000, 5000, 2400)] });
    const xml = await validXml({ ...source(threeLines, SERVICES_GR), byLine: [TRAINING, null, OTHER] });
    expect(values(part(xml, 'invoiceDetails'), 'classificationType')).toEqual(['E3_561_002']);
    const details = [...xml.matchAll(/<invoiceDetails>[\s\S]*?<\/invoiceDetails>/g)].map((m) => [values(m[0], 'classificationType')[0], values(m[0], 'amount')[0]]);
    expect(details).toEqual([
      ['E3_561_002', '1000.00'],
      ['E3_561_001', '99.99'],
      ['E3_562', '50.00'],
    ]);
    const inSummary = part(xml, 'invoiceSummary');
    expect([values(inSummary, 'classificationType'), values(inSummary, 'classificationCategory'), summary(xml).classified]).toEqual([
      ['E3_561_002', 'E3_561_001', 'E3_562'],
      ['category1_3', 'category1_3', 'category1_5'],
      ['1000.00', '99.99', '50.00'],
    ]);
    // Two lines of one classification make one sum.
    const twice = await validXml({ ...source(domestic, SERVICES_GR), byLine: [TRAINING, TRAINING] });
    expect(summary(twice).classified).toEqual(['1099.99']);
    // A line's classification AADE refuses on this type is refused, naming the line.
    expect(() => invoicesDocXml([{ ...source(intraEu, SERVICES_EU), byLine: [null, SERVICES_GR] }])).toThrow(/^INV-2026-0002: Line 2: E3_561_001 is not accepted with category1_3/);
    expect(() => invoicesDocXml([{ ...source(domestic, SERVICES_GR), byLine: [TRAINING] }])).toThrow('1 line classifications for 2 lines.');
  });

  it('holds many documents in one InvoicesDoc, in the order given', async () => {
    const creditAbroad = billingDocument({ kind: 'credit_note', number: 'CN-2026-000003', buyer: BUYER_DE, lines: [line('Support hours', 1000, 3333, 2400)], precedingInvoice: { number: 'INV-2026-0002', date: '2026-03-02' } });
    const all = [source(domestic, SERVICES_GR), source(intraEu, SERVICES_EU), source(export_, SERVICES_ABROAD), source(withExempt, SERVICES_GR), source(partialCredit, SERVICES_GR, MARK), source(fullCredit, SERVICES_GR, MARK), source(inDollars, SERVICES_GR), source(creditAbroad, SERVICES_EU, MARK)];
    const xml = await validXml(...all);
    expect(values(xml, 'aa')).toEqual(['0001', '0002', '0003', '0004', '000001', '000002', '0005', '000003']);
    expect(values(xml, 'invoiceType')).toEqual(['2.1', '2.2', '2.3', '2.1', '5.1', '5.1', '2.1', '5.1']);
    // The credit note to the German buyer is reverse charge as its invoice was.
    expect(values(xml, 'vatExemptionCategory').at(-1)).toBe('4');
  });

  it('splits a number into series and sequence at its last dash; without one the series is "0"', () => {
    expect(seriesAndAa('INV-2026-0001')).toEqual({ series: 'INV-2026', aa: '0001' });
    expect(seriesAndAa('2026-000123')).toEqual({ series: '2026', aa: '000123' });
    expect(seriesAndAa('CN-2026-000001')).toEqual({ series: 'CN-2026', aa: '000001' });
    expect(seriesAndAa('000123')).toEqual({ series: '0', aa: '000123' });
    expect(() => seriesAndAa(`${'A'.repeat(51)}-1`)).toThrow(ValidationError);
  });

  it('refuses what myDATA cannot take, naming the document', () => {
    expect(() => invoicesDocXml([source(intraEu, SERVICES_GR)])).toThrow('INV-2026-0002: E3_561_001 is not accepted with category1_3 (income from the provision of services) on a myDATA 2.2 document (service invoice (intra-community)): use E3_561_005, E3_561_007, E3_563.');
    // A correlated credit note follows its invoice's type: a Greek buyer's invoice was a 2.1.
    expect(() => invoicesDocXml([source(partialCredit, SERVICES_EU, MARK)])).toThrow(/^CN-2026-000001: E3_561_005 is not accepted .* 5\.1 document/);
    expect(() => invoicesDocXml([source(partialCredit, SERVICES_GR, 'MARK-1')])).toThrow(`CN-2026-000001: The credited invoice's MARK is a number AADE gave: "MARK-1" is not one.`);
    const german = billingDocument({ number: 'INV-2026-0007', buyer: BUYER_GR, lines: [line('Licence', 1000, 100000, 1900)] });
    expect(() => invoicesDocXml([source(german, SERVICES_GR)])).toThrow('INV-2026-0007: myDATA has no VAT category for a rate of 19 %');
    const zeroAtHome = billingDocument({ number: 'INV-2026-0008', buyer: BUYER_GR, lines: [line('Licence', 1000, 100000, 0)] });
    expect(() => invoicesDocXml([source(zeroAtHome, SERVICES_GR)])).toThrow(/^INV-2026-0008: A zero-rated \(Z\) line is a service supplied outside the EU/);
    const empty = billingDocument({ number: 'INV-2026-0009', buyer: BUYER_GR, lines: [] });
    expect(() => invoicesDocXml([source(empty, SERVICES_GR)])).toThrow('INV-2026-0009: myDATA takes no document without lines.');
    expect(() => invoicesDocXml([source(domestic, SERVICES_GR), source(export_, SERVICES_GR)])).toThrow(ValidationError);
    expect(() => invoicesDocXml([])).toThrow('An InvoicesDoc holds at least one document.');
  });
});
