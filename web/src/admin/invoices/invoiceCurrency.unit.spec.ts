import { describe, expect, it } from 'vitest';
import { noRateFor } from '../../../../domain/currency/rate';
import { allowsWriteOffAndAppliedCredit, missingRate } from './invoiceCurrency';
import { payableByCard } from '../../payments/checkout';

describe('what an invoice in another currency can have', () => {
  it('writes off, applies credit and takes cards only in euros', () => {
    expect(allowsWriteOffAndAppliedCredit({ currency: 'EUR' })).toBe(true);
    expect(allowsWriteOffAndAppliedCredit({ currency: 'USD' })).toBe(false);
    expect(allowsWriteOffAndAppliedCredit({})).toBe(true);
    expect(payableByCard({ currency: 'EUR' })).toBe(true);
    expect(payableByCard({ currency: 'GBP' })).toBe(false);
    // An answer from before currencies: euros.
    expect(payableByCard({})).toBe(true);
  });

  it("reads the currency and the day back out of the server's no-rate refusal, and nothing out of another text", () => {
    expect(missingRate(noRateFor('USD', '2026-09-30'))).toEqual({ currency: 'USD', date: '2026-09-30' });
    expect(missingRate('Invoice not found.')).toBeNull();
  });
});
