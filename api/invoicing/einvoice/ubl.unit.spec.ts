import { describe, expect, it } from 'vitest';
import type { BillingDocument } from '../../../domain/einvoice/document';
import { ValidationError } from '../../../domain/shared/errors';
import { exempt, fullCreditNote, oneRate } from './test/ubl-documents';
import { amountText, NO_LINES, renderUbl, ublFilename, vatIdentifier } from './ubl';

const between = (xml: string, element: string): string => xml.slice(xml.indexOf(`<${element}>`), xml.indexOf(`</${element}>`));
const buyerAddress = (address: string): string =>
  between(between(renderUbl({ ...oneRate, buyer: { ...oneRate.buyer, address } }), 'cac:AccountingCustomerParty'), 'cac:PostalAddress').replace(/\s+</g, '<').trim();

describe('UBL rendering details', () => {
  it('writes amounts from integer cents, never through a float', () => {
    expect(['0.00', '0.05', '-12.34', '1234567890123.45']).toEqual([0, 5, -1234, 123456789012345].map(amountText));
    expect(() => amountText(0.1 + 0.2)).toThrow();
  });

  it('writes rates as percent and quantities with up to three decimals', () => {
    const doc: BillingDocument = {
      ...oneRate,
      lines: [{ ...oneRate.lines[0]!, quantity: 2.5, vatRateBp: 550 }, { ...oneRate.lines[1]!, quantity: 0.001, vatRateBp: 1 }],
      breakdown: [{ ...oneRate.breakdown[0]!, rateBp: 2050 }],
    };
    const x = renderUbl(doc);
    expect([...x.matchAll(/<cbc:Percent>([^<]*)</g)].map((m) => m[1])).toEqual(['20.5', '5.5', '0.01']);
    expect([...x.matchAll(/<cbc:InvoicedQuantity unitCode="C62">([^<]*)</g)].map((m) => m[1])).toEqual(['2.5', '0.001']);
  });

  it('gives VAT numbers their country prefix, EL for Greece', () => {
    expect(vatIdentifier('123456789', 'GR')).toBe('EL123456789');
    expect(vatIdentifier('GR 123 456 789', 'GR')).toBe('EL123456789');
    expect(vatIdentifier('el123456789', 'GR')).toBe('EL123456789');
    expect(vatIdentifier('10000000X', 'CY')).toBe('CY10000000X');
    expect(vatIdentifier('DE-123.456.789', 'DE')).toBe('DE123456789');
    expect(vatIdentifier('ATU12345678', 'DE')).toBe('ATU12345678');
    expect(vatIdentifier('  ', 'CY')).toBe('');
  });

  it('names the file after the document, with unsafe characters replaced', () => {
    expect(ublFilename(oneRate)).toBe('invoice-2026-000001.xml');
    expect(ublFilename({ ...oneRate, number: '2026/../7 "x"' })).toBe('invoice-2026_.._7_x_.xml');
    expect(ublFilename(fullCreditNote)).toBe('credit-note-CN-2026-000001.xml');
  });

  it('splits addresses into street, additional street, city and postal code where it can', () => {
    expect(buyerAddress('Hauptstraße 5\r\n10115 Berlin')).toBe(
      '<cac:PostalAddress><cbc:StreetName>Hauptstraße 5</cbc:StreetName><cbc:CityName>Berlin</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone><cac:Country><cbc:IdentificationCode>CY</cbc:IdentificationCode></cac:Country>',
    );
    expect(buyerAddress('12 Example Street, 1010 Nicosia')).toContain('<cbc:StreetName>12 Example Street</cbc:StreetName><cbc:CityName>Nicosia</cbc:CityName><cbc:PostalZone>1010</cbc:PostalZone>');
    expect(buyerAddress('ул. Ленина, 1')).toContain('<cbc:StreetName>ул. Ленина, 1</cbc:StreetName><cac:Country>');
    expect(buyerAddress('Building A\nFloor 3\nSuite 12\nAcme Park\nNicosia')).toContain(
      '<cbc:StreetName>Building A</cbc:StreetName><cbc:AdditionalStreetName>Floor 3</cbc:AdditionalStreetName><cbc:CityName>Nicosia</cbc:CityName><cac:AddressLine><cbc:Line>Suite 12, Acme Park</cbc:Line></cac:AddressLine><cac:Country>',
    );
    expect(buyerAddress('')).toBe('<cac:PostalAddress><cac:Country><cbc:IdentificationCode>CY</cbc:IdentificationCode></cac:Country>');
  });

  it('says why an exempt row carries no VAT even when no reason was kept', () => {
    const x = renderUbl({ ...exempt, breakdown: exempt.breakdown.map(({ exemptionReason: _, ...row }) => row) });
    expect(x).toContain('<cbc:TaxExemptionReason>Exempt from VAT</cbc:TaxExemptionReason>');
  });

  it('refuses a document without lines', () => {
    expect(() => renderUbl({ ...oneRate, lines: [] })).toThrow(new ValidationError(NO_LINES));
  });
});
