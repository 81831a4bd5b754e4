import { describe, expect, it } from 'vitest';
import { buyerZone, myDataInvoiceType } from './invoice-type';

const doc = (kind: 'invoice' | 'credit_note', country: string) => ({ kind, buyer: { country } });

describe('myDATA invoice type', () => {
  it('types an invoice as a service invoice by where its buyer is: Greece 2.1, another member state 2.2, outside the EU 2.3', () => {
    expect(myDataInvoiceType(doc('invoice', 'GR'), null)).toBe('2.1');
    expect(myDataInvoiceType(doc('invoice', 'DE'), null)).toBe('2.2');
    expect(myDataInvoiceType(doc('invoice', 'CY'), null)).toBe('2.2');
    expect(myDataInvoiceType(doc('invoice', 'US'), null)).toBe('2.3');
    expect(myDataInvoiceType(doc('invoice', 'CH'), null)).toBe('2.3');
    expect(myDataInvoiceType(doc('invoice', 'GB'), 'ignored for an invoice')).toBe('2.3');
  });

  it('types a credit note 5.1 when the credited invoice has a MARK and 5.2 when not, wherever the buyer is', () => {
    expect(myDataInvoiceType(doc('credit_note', 'GR'), '400001234567890')).toBe('5.1');
    expect(myDataInvoiceType(doc('credit_note', 'US'), '400001234567890')).toBe('5.1');
    expect(myDataInvoiceType(doc('credit_note', 'GR'), null)).toBe('5.2');
    expect(myDataInvoiceType(doc('credit_note', 'DE'), null)).toBe('5.2');
  });

  it('places a buyer at home, in another member state or in a third country', () => {
    expect(['GR', 'IT', 'NO'].map(buyerZone)).toEqual(['domestic', 'intra_eu', 'third_country']);
  });
});
