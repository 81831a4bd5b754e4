import { describe, expect, it } from 'vitest';
import { INVALID_IBAN } from '../billing/bank';
import { NOT_A_COUNTRY } from '../invoice/vat';
import { ACCOUNT_NOT_PURCHASE, checkSupplier, normaliseSupplier, PAYMENT_TERMS_RANGE, purchaseAccountRefusal, vatNumberKey, VAT_RATE_RANGE, type SaveSupplier } from './supplier';

const supplier: SaveSupplier = {
  name: ' Hetzner Online GmbH ',
  vatNumber: 'DE 812 871 812',
  country: ' de',
  address: 'Industriestr. 25\n91710 Gunzenhausen ',
  iban: 'de89 3704 0044 0532 0130 00',
  defaultAccountId: null,
  defaultVatRateBp: 0,
  paymentTermsDays: 14,
};

describe('a supplier', () => {
  it('is stored trimmed, its country upper-cased and its IBAN without spaces', () => {
    expect(normaliseSupplier(supplier)).toEqual({ ...supplier, name: 'Hetzner Online GmbH', vatNumber: 'DE 812 871 812', country: 'DE', address: 'Industriestr. 25\n91710 Gunzenhausen', iban: 'DE89370400440532013000' });
    expect(normaliseSupplier({ ...supplier, iban: '  ' }).iban).toBeNull();
    expect(checkSupplier(normaliseSupplier(supplier))).toEqual({});
  });

  it('names each field that is wrong: country, IBAN check digits, VAT rate and payment terms', () => {
    const wrong = normaliseSupplier({ ...supplier, country: 'XX', iban: 'DE89370400440532013001', defaultVatRateBp: 10_001, paymentTermsDays: 366 });
    expect(checkSupplier(wrong)).toEqual({ country: [NOT_A_COUNTRY], iban: [INVALID_IBAN], defaultVatRateBp: [VAT_RATE_RANGE], paymentTermsDays: [PAYMENT_TERMS_RANGE] });
    expect(checkSupplier({ ...normaliseSupplier(supplier), paymentTermsDays: -1, defaultVatRateBp: -1 })).toEqual({ defaultVatRateBp: [VAT_RATE_RANGE], paymentTermsDays: [PAYMENT_TERMS_RANGE] });
    expect(checkSupplier({ ...normaliseSupplier(supplier), paymentTermsDays: 0, defaultVatRateBp: 10_000 })).toEqual({});
  });

  it('compares VAT numbers by their letters and digits, with or without the country prefix (EL for Greece)', () => {
    expect(vatNumberKey('DE 812 871 812', 'DE')).toBe('812871812');
    expect(vatNumberKey('812871812', 'DE')).toBe('812871812');
    expect(vatNumberKey('EL-094014201', 'GR')).toBe('094014201');
    expect(vatNumberKey('gr094014201', 'GR')).toBe('094014201');
    expect(vatNumberKey('CY10000000X', 'CY')).toBe('10000000X');
    // Another country's prefix is part of the number.
    expect(vatNumberKey('DE812871812', 'AT')).toBe('DE812871812');
    expect(vatNumberKey('', 'DE')).toBe('');
  });

  it('books purchases only to active expense and asset accounts that no automatic posting owns', () => {
    const account = (type: 'asset' | 'expense' | 'revenue' | 'liability', extra: Partial<{ cashFlowClass: 'cash' | 'operating' | 'investing'; active: boolean; systemKey: never }> = {}) => ({ type, cashFlowClass: 'operating' as const, active: true, systemKey: null, ...extra });
    expect(purchaseAccountRefusal(account('expense'))).toBeNull();
    expect(purchaseAccountRefusal({ ...account('asset'), cashFlowClass: 'investing' })).toBeNull();
    expect(purchaseAccountRefusal({ ...account('expense'), systemKey: 'paymentFees' })).toBeNull();
    expect(purchaseAccountRefusal(account('revenue'))).toBe(ACCOUNT_NOT_PURCHASE);
    expect(purchaseAccountRefusal(account('liability'))).toBe(ACCOUNT_NOT_PURCHASE);
    expect(purchaseAccountRefusal({ ...account('asset'), cashFlowClass: 'cash' })).toBe(ACCOUNT_NOT_PURCHASE);
    expect(purchaseAccountRefusal({ ...account('expense'), active: false })).toBe(ACCOUNT_NOT_PURCHASE);
    expect(purchaseAccountRefusal({ ...account('asset'), systemKey: 'receivables' })).toBe(ACCOUNT_NOT_PURCHASE);
    expect(purchaseAccountRefusal({ ...account('expense'), systemKey: 'badDebts' })).toBe(ACCOUNT_NOT_PURCHASE);
    expect(purchaseAccountRefusal(undefined)).toBe(ACCOUNT_NOT_PURCHASE);
  });
});
