import { describe, expect, it } from 'vitest';
import { productLinePatch } from './productLine';

const AUDIT = { id: 'a0000000-0000-4000-8000-000000000001', name: 'GRC audit', price: 1250.5, vatRate: 24 };
const BOOK = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Handbook', price: 40, vatRate: 0 };

describe('a product chosen on an invoice line', () => {
  it('fills the description, the price and the VAT rate, and keeps the product on the line', () => {
    expect(productLinePatch(AUDIT, { vatCategory: null }, { currency: 'EUR' })).toEqual({ productId: AUDIT.id, description: 'GRC audit', unitPrice: 1250.5, vatRate: 24 });
  });

  it('leaves the price to the user on a document in another currency: the catalogue is in euros', () => {
    expect(productLinePatch(AUDIT, undefined, { currency: 'USD' })).toEqual({ productId: AUDIT.id, description: 'GRC audit', vatRate: 24 });
  });

  it('takes an exempt or zero-rated line back to the automatic category at a product rate above 0 %, and keeps it at 0 %', () => {
    expect(productLinePatch(AUDIT, { vatCategory: 'E' }, { currency: 'EUR' })).toMatchObject({ vatRate: 24, vatCategory: null, vatExemptionReason: null });
    expect(productLinePatch(AUDIT, { vatCategory: 'Z' }, { currency: 'EUR' })).toMatchObject({ vatRate: 24, vatCategory: null });
    const exempt = productLinePatch(BOOK, { vatCategory: 'E' }, { currency: 'EUR' });
    expect(exempt).toEqual({ productId: BOOK.id, description: 'Handbook', unitPrice: 40, vatRate: 0 });
  });

  it("on a credit note's line takes the invoice's rate and category that are the product's, else keeps the line's VAT", () => {
    const choices = [
      { vatRate: 24, vatCategory: 'S' },
      { vatRate: 0, vatCategory: 'E', exemptionReason: 'Article 22' },
    ];
    expect(productLinePatch(AUDIT, undefined, { currency: 'EUR', vatChoices: choices })).toEqual({
      productId: AUDIT.id,
      description: 'GRC audit',
      unitPrice: 1250.5,
      vatRate: 24,
      vatCategory: 'S',
      vatExemptionReason: null,
    });
    expect(productLinePatch(BOOK, undefined, { currency: 'EUR', vatChoices: choices })).toEqual({ productId: BOOK.id, description: 'Handbook', unitPrice: 40 });
  });
});
