import { describe, expect, it } from 'vitest';
import { draftVat, lineVatInput } from './balance';

describe("a journal line's VAT tag in the form", () => {
  it('sends a rate only for S, 0 % for the other categories, and a settlement alone', () => {
    expect(lineVatInput({ vat: 'S', vatRate: 24 })).toEqual({ vatCategory: 'S', vatRate: 24 });
    expect(lineVatInput({ vat: 'E', vatRate: 24 })).toEqual({ vatCategory: 'E', vatRate: 0 });
    expect(lineVatInput({ vat: 'settlement', vatRate: 24 })).toEqual({ vatSettlement: true });
    expect(lineVatInput({ vat: '' })).toEqual({});
    expect(lineVatInput({})).toEqual({});
  });

  it('shows a saved tag back as the form holds it', () => {
    expect(draftVat({ vatCategory: 'S', vatRate: 13, vatSettlement: false })).toEqual({ vat: 'S', vatRate: 13 });
    expect(draftVat({ vatCategory: null, vatRate: null, vatSettlement: true })).toEqual({ vat: 'settlement' });
    expect(draftVat({ vatCategory: null, vatRate: null, vatSettlement: false })).toEqual({ vat: '' });
  });
});
