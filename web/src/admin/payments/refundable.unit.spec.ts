import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, refundableCents, refundedThroughStripe } from './refundable';

const payment = { amountCents: 4000, refundedAmount: 0, disputedAmount: 0, disputeStatus: null };

describe('what remains refundable of a payment', () => {
  it('is the amount less refunds, to the cent', () => {
    expect(refundableCents(payment)).toBe(4000);
    expect(refundableCents({ ...payment, amountCents: 30, refundedAmount: 0.29 })).toBe(1);
    expect(refundableCents({ ...payment, amountCents: 119000, refundedAmount: 1189.99 })).toBe(1);
  });

  it('leaves out a dispute that is open or lost, but not one that was won', () => {
    expect(refundableCents({ ...payment, disputedAmount: 15, disputeStatus: 'open' })).toBe(2500);
    expect(refundableCents({ ...payment, disputedAmount: 15, disputeStatus: 'lost' })).toBe(2500);
    expect(refundableCents({ ...payment, disputedAmount: 15, disputeStatus: 'won' })).toBe(4000);
  });

  it('is never below zero', () => {
    expect(refundableCents({ ...payment, refundedAmount: 30, disputedAmount: 40, disputeStatus: 'lost' })).toBe(0);
  });
});

describe('how a payment is refunded', () => {
  it('through Stripe only for a checkout payment with its payment intent', () => {
    expect(refundedThroughStripe({ method: 'stripe', reference: 'pi_1' })).toBe(true);
    expect(refundedThroughStripe({ method: 'stripe', reference: null })).toBe(false);
    expect(refundedThroughStripe({ method: 'card', reference: 'terminal 7' })).toBe(false);
    expect(refundedThroughStripe({ method: 'bank', reference: null })).toBe(false);
  });

  it('with a new idempotency key per dialog', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
