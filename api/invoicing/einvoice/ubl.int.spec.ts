import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// The official EN 16931 rules (CEN/TC 434 validation artefacts, UBL binding) run with SaxonJS.
import { EN16931_DIR, validateUbl as validate, type ValidationResult as Result } from '../../../test/en16931';
import {
  documents,
  exempt,
  fiftyRoundedLines,
  francCreditNote,
  fullCreditNote,
  inDollars,
  inFrancs,
  oneRate,
  partialCreditNote,
  partlyPaid,
  reverseCharge,
  severalRates,
  withoutBank,
  zeroRated,
} from './test/ubl-documents';
import { renderUbl } from './ubl';

/** One of the standard's own examples, vendored beside the rules. */
const example = (file: string) => readFileSync(join(EN16931_DIR, file), 'utf8');

/** The text of every element with this name, in document order. */
const values = (xml: string, element: string): string[] =>
  [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, 'g'))].map((m) => m[1]!);
const count = (xml: string, element: string): number => xml.split(`<${element}>`).length - 1;
const monetaryTotal = (xml: string) => xml.slice(xml.indexOf('<cac:LegalMonetaryTotal>'), xml.indexOf('</cac:LegalMonetaryTotal>'));

/**
 * Every kind of document the product issues, rendered as UBL 2.1 and run through the official
 * EN 16931 rules: no fatal assertion and no warning. Validation is slow (the first run compiles
 * the rules), so all documents are validated once, up front.
 */
describe('UBL e-invoices against the official EN 16931 rules', () => {
  const xml = new Map<string, string>();
  const results = new Map<string, Result>();

  beforeAll(() => {
    for (const [name, doc] of Object.entries(documents)) {
      const rendered = renderUbl(doc);
      xml.set(name, rendered);
      results.set(name, validate(rendered));
    }
  }, 300_000);

  it('validates the standard’s own examples, so the rules are really wired', () => {
    for (const file of ['ubl-tc434-example1.xml', 'ubl-tc434-creditnote1.xml']) {
      const result = validate(example(file));
      expect(result.fatal, file).toEqual([]);
    }
    const broken = validate(example('ubl-tc434-example1.xml').replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, ''));
    expect(broken.fatal.map((a) => a.id)).toContain('BR-03');
    // A warning is read as a warning, not as a fatal assertion (UBL-CR-003 is flagged "warning").
    const warned = validate(example('ubl-tc434-example1.xml').replace('<cbc:ID>', '<cbc:ProfileExecutionID>1</cbc:ProfileExecutionID><cbc:ID>'));
    expect(warned.warnings.map((a) => a.id)).toEqual(['UBL-CR-003']);
    expect(warned.fatal).toEqual([]);
  });

  it('every document has no fatal assertion', () => {
    expect(results.size).toBe(16);
    const fatal = [...results].flatMap(([name, r]) => r.fatal.map((a) => `${name}: ${a.id} ${a.text} at ${a.location}`));
    expect(fatal).toEqual([]);
  });

  it('every document has no warning either', () => {
    const warnings = [...results].flatMap(([name, r]) => r.warnings.map((a) => `${name}: ${a.id} ${a.text} at ${a.location}`));
    expect(warnings).toEqual([]);
  });

  it('a document in another currency has every amount in it, and its VAT in euros too (BT-6, BT-111), which BR-53 needs', () => {
    const x = renderUbl(inDollars);
    expect(values(x, 'cbc:DocumentCurrencyCode')).toEqual(['USD']);
    expect(values(x, 'cbc:TaxCurrencyCode')).toEqual(['EUR']);
    // The first TaxTotal in dollars with its subtotals; the second the VAT in euros alone.
    const taxTotals = [...x.matchAll(/<cbc:TaxAmount currencyID="(\w+)">([^<]*)<\/cbc:TaxAmount>/g)].map((m) => [m[1], m[2]]);
    expect(taxTotals).toEqual([
      ['USD', '387.13'],
      ['USD', '387.13'],
      ['EUR', '333.91'],
    ]);
    expect(inDollars.accounting).toMatchObject({ currency: 'EUR', rate: '1.1594', vatCents: 33_391 });
    expect(x).not.toContain('currencyID="EUR">2');
    expect([...x.matchAll(/currencyID="(\w+)"/g)].filter((m) => m[1] === 'EUR')).toHaveLength(1);
    // Without the VAT in euros the official rules refuse it: BR-53 is really checked.
    const withoutEuroVat = x.replace(/<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="EUR">[^<]*<\/cbc:TaxAmount>\s*<\/cac:TaxTotal>/, '');
    expect(validate(withoutEuroVat).fatal.map((a) => a.id)).toContain('BR-53');
    // Several rates: the euros are each rate's VAT converted on its own, summed.
    expect(inFrancs.accounting!.vatByRow).toHaveLength(3);
    expect(inFrancs.accounting!.vatCents).toBe(inFrancs.accounting!.vatByRow.reduce((a, b) => a + b, 0));
    expect(values(renderUbl(francCreditNote), 'cbc:TaxCurrencyCode')).toEqual(['EUR']);
  });

  it('an invoice carries its period, due date, SEPA payment means and totals from integer cents', () => {
    const x = renderUbl(oneRate);
    expect(x).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(values(x, 'cbc:CustomizationID')).toEqual(['urn:cen.eu:en16931:2017']);
    expect(values(x, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(values(x, 'cbc:DueDate')).toEqual(['2026-03-31']);
    expect(x).toMatch(/<cac:InvoicePeriod>\s*<cbc:StartDate>2026-03-01<\/cbc:StartDate>\s*<cbc:EndDate>2026-03-31<\/cbc:EndDate>/);
    expect(values(x, 'cbc:PaymentMeansCode')).toEqual(['58']);
    expect(values(x, 'cbc:PaymentID')).toEqual(['2026-000001']);
    expect(x).toMatch(/<cac:PayeeFinancialAccount>\s*<cbc:ID>CY17002001280000001200527600<\/cbc:ID>\s*<cac:FinancialInstitutionBranch>\s*<cbc:ID>BCYPCY2N<\/cbc:ID>/);
    expect(values(x, 'cbc:Note')).toEqual(['Payment due by 2026-03-31']);
    expect(values(monetaryTotal(x), 'cbc:TaxInclusiveAmount')).toEqual(['2424.63']);
    expect(values(x, 'cbc:LineExtensionAmount')).toEqual(['2037.50', '2000.00', '37.50']);
    expect(values(x, 'cbc:InvoicedQuantity')).toEqual(['1', '3']);
    expect(x).toContain('<cbc:InvoicedQuantity unitCode="C62">3</cbc:InvoicedQuantity>');
    expect(x).toContain('<cbc:TaxAmount currencyID="EUR">387.13</cbc:TaxAmount>');
    expect(x).toMatch(/<cac:PartyLegalEntity>\s*<cbc:RegistrationName>Aegis GRC Ltd<\/cbc:RegistrationName>\s*<cbc:CompanyID>HE 123456<\/cbc:CompanyID>/);
    expect(values(x, 'cbc:Telephone')).toEqual(['+357 22 000000']);
  });

  it('several rates give one subtotal each, and Greek VAT numbers carry EL, added when missing', () => {
    const x = xml.get('several rates (24, 13, 6), Greek seller and buyer')!;
    expect(count(x, 'cac:TaxSubtotal')).toBe(3);
    expect(values(x.slice(x.indexOf('<cac:TaxTotal>')), 'cbc:Percent').slice(0, 3)).toEqual(['24', '13', '6']);
    expect(values(x, 'cbc:CompanyID')).toEqual(['EL099999999', 'ΓΕΜΗ 123456701000', 'EL123456783']);
    expect(x).toContain('<cbc:RegistrationName>Ελληνική Συμβουλευτική Α.Ε.</cbc:RegistrationName>');
    expect(x).toMatch(/<cbc:StreetName>Λεωφόρος Κηφισίας 100<\/cbc:StreetName>\s*<cbc:AdditionalStreetName>2ος όροφος<\/cbc:AdditionalStreetName>\s*<cbc:CityName>Αθήνα<\/cbc:CityName>\s*<cbc:PostalZone>115 26<\/cbc:PostalZone>/);
    expect(values(x, 'cbc:TaxAmount')[0]).toBe('308.79');
    expect(severalRates.breakdown.map((r) => r.rateBp)).toEqual([2400, 1300, 600]);
  });

  it('zero-rated and exempt documents say which, the exempt one why', () => {
    const z = renderUbl(zeroRated);
    expect(values(z, 'cbc:ID')).toContain('Z');
    expect(z).not.toContain('TaxExemptionReason');
    const e = renderUbl(exempt);
    expect(e).toMatch(/<cbc:ID>E<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>\s*<cbc:TaxExemptionReason>Article 132\(1\)\(i\) of Directive 2006\/112\/EC<\/cbc:TaxExemptionReason>/);
    expect(e).not.toContain('TaxExemptionReasonCode');
  });

  it('reverse charge: AE at 0 % with VATEX-EU-AE, both VAT numbers and a "Reverse charge" note', () => {
    const x = renderUbl(reverseCharge);
    expect(values(x, 'cbc:Note')).toEqual(['Reverse charge', 'Payment due by 2026-03-31']);
    expect(x).toMatch(/<cbc:ID>AE<\/cbc:ID>\s*<cbc:Percent>0<\/cbc:Percent>\s*<cbc:TaxExemptionReasonCode>VATEX-EU-AE<\/cbc:TaxExemptionReasonCode>\s*<cbc:TaxExemptionReason>Reverse charge<\/cbc:TaxExemptionReason>/);
    expect(values(x, 'cbc:CompanyID')).toEqual(['CY10000000D', 'HE 123456', 'DE123456788']);
    expect(values(x, 'cbc:TaxAmount')).toEqual(['0.00', '0.00']);
    expect(values(monetaryTotal(x), 'cbc:PayableAmount')).toEqual(['6500.00']);
  });

  it('50 lines keep the VAT rounded per line, which is not 24 % of the total net', () => {
    const x = xml.get('50 lines rounded per line')!;
    expect(count(x, 'cac:InvoiceLine')).toBe(50);
    expect(values(x, 'cbc:InvoicedQuantity').every((q) => q === '1.333')).toBe(true);
    const { netCents, vatCents } = fiftyRoundedLines.totals;
    expect(vatCents).not.toBe(Math.round((netCents * 24) / 100));
    expect(values(x, 'cbc:TaxAmount')[0]).toBe((vatCents / 100).toFixed(2));
  });

  it('a partly paid invoice shows what was prepaid and what is left; Cyrillic as is; no VAT scheme without a VAT number', () => {
    const x = renderUbl(partlyPaid);
    const totals = monetaryTotal(x);
    expect(values(totals, 'cbc:PrepaidAmount')).toEqual(['500.00']);
    expect(values(totals, 'cbc:PayableAmount')).toEqual(['1285.00']);
    expect(count(x, 'cac:PartyTaxScheme')).toBe(1);
    expect(x).toContain('<cbc:RegistrationName>ООО «Ромашка»</cbc:RegistrationName>');
    expect(x).toMatch(/<cbc:StreetName>ул. Ленина, 1<\/cbc:StreetName>\s*<cbc:CityName>Лимассол<\/cbc:CityName>\s*<cbc:PostalZone>3036<\/cbc:PostalZone>/);
    expect(x).toContain('<cbc:Name>Аудит соответствия</cbc:Name>');
  });

  it('credit notes: CreditNote 381, the invoice they correct, the reason, credited quantities, nothing to pay in', () => {
    const x = renderUbl(fullCreditNote);
    expect(x).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(values(x, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(x).toMatch(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>2026-000005<\/cbc:ID>\s*<cbc:IssueDate>2026-03-01<\/cbc:IssueDate>/);
    expect(values(x, 'cbc:Note').slice(0, 2)).toEqual(['Contract cancelled', 'Reverse charge']);
    expect(values(x, 'cbc:CreditedQuantity')).toEqual(['1', '2']);
    expect(count(x, 'cac:CreditNoteLine')).toBe(2);
    for (const absent of ['cbc:DueDate', 'cac:PaymentMeans', 'cbc:PrepaidAmount', 'cac:InvoiceLine']) expect(x).not.toContain(absent);

    const partial = renderUbl(partialCreditNote);
    expect(count(partial, 'cac:CreditNoteLine')).toBe(1);
    expect(count(partial, 'cac:TaxSubtotal')).toBe(1);
    expect(values(partial, 'cbc:Percent')).toEqual(['13', '13']);
    expect(values(monetaryTotal(partial), 'cbc:PayableAmount')).toEqual(['542.40']);
    expect(partial).toMatch(/<cac:InvoiceDocumentReference>\s*<cbc:ID>2026\/000002<\/cbc:ID>/);
  });

  it('a seller without bank details gets no payment means; markup characters are escaped', () => {
    const x = renderUbl(withoutBank);
    expect(x).not.toContain('PaymentMeans');
    expect(values(x, 'cbc:Note')).toEqual(['Payment due by 2026-03-31']);
    expect(x).toContain('<cbc:RegistrationName>Smith &amp; Sons "Holdings" Ltd</cbc:RegistrationName>');
    expect(x).toContain('<cbc:Name>Risk assessment &amp; &lt;gap&gt; report</cbc:Name>');
    expect(values(x, 'cbc:CompanyID')).toEqual(['CY10000000D', 'CY20000000I']);
  });
});
