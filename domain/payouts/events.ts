/**
 * Payouts of the Stripe balance to the company's bank. Stream: `payout-<payoutId>` (Stripe's payout
 * id, or the simulated gateway's). Amounts in integer cents (EUR), dates 'YYYY-MM-DD' (the day it
 * arrives at the bank).
 */
export type PayoutPaid = {
  type: 'PayoutPaid';
  data: {
    payoutId: string;
    /** Net of everything the payout settles; negative when Stripe debits the bank. */
    amountCents: number;
    date: string;
    /** The gateway's balance transactions it settles (charges, refunds, fees, disputes). */
    balanceTransactionIds: string[];
  };
};

/**
 * The bank returned a payout: the money is back on the Stripe balance. `amountCents` is what was
 * booked as paid; 0 when the failure came first (nothing to undo, and a later paid report is ignored).
 */
export type PayoutFailed = {
  type: 'PayoutFailed';
  data: { payoutId: string; amountCents: number; date: string };
};

export type PayoutEvent = PayoutPaid | PayoutFailed;
export const PAYOUT_EVENT_TYPES: PayoutEvent['type'][] = ['PayoutPaid', 'PayoutFailed'];
export const PAYOUT_SCHEMA_VERSION = 1;

export const payoutStreamId = (payoutId: string): string => `payout-${payoutId}`;
