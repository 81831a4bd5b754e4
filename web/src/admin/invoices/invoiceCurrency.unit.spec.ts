import { describe, expect, it } from 'vitest';
import { noRateFor } from '../../../../domain/currency/rate';
import { allowsAdminCardPay, missingRate } from './invoiceCurrency';

describe('what an invoice in another currency can have', () => {
  it('takes cards from the admin row only in euros', () => {
    expect(allowsAdminCardPay({ currency: 'EUR' })).toBe(true);
    expect(allowsAdminCardPay({ currency: 'USD' })).toBe(false);
    expect(allowsAdminCardPay({ currency: 'GBP' })).toBe(false);
    // An answer from before currencies: euros.
    expect(allowsAdminCardPay({})).toBe(true);
  });

  it("reads the currency and the day back out of the server's no-rate refusal, and nothing out of another text", () => {
    expect(missingRate(noRateFor('USD', '2026-09-30'))).toEqual({ currency: 'USD', date: '2026-09-30' });
    expect(missingRate('Invoice not found.')).toBeNull();
  });
});
