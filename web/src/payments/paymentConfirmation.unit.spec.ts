import { describe, expect, it } from 'vitest';
import { paymentConfirmation } from './paymentConfirmation';

describe('paymentConfirmation', () => {
  it('says nothing without a successful return', () => {
    expect(paymentConfirmation(false, false, false)).toBe('none');
    expect(paymentConfirmation(false, true, true)).toBe('none');
  });

  it('says success only once the invoice reads paid', () => {
    expect(paymentConfirmation(true, false, true)).toBe('confirming');
    expect(paymentConfirmation(true, true, true)).toBe('confirmed');
    expect(paymentConfirmation(true, true, false)).toBe('confirmed');
  });

  it('says the payment has not arrived when waiting is over and the invoice is still unpaid', () => {
    expect(paymentConfirmation(true, false, false)).toBe('unconfirmed');
  });
});
