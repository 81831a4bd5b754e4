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
    /**
     * The ledger account of the money account it was paid into, fixed when it was recorded (the
     * payout default then), so a replay posts it where it was posted. Absent: the books' own Bank
     * (every payout recorded before the default existed).
     */
    cashAccountId?: string;
  };
};

/**
 * The bank returned a payout: the money is back on the Stripe balance. `amountCents` is what was
 * booked as paid; 0 when the failure came first (nothing to undo, and a later paid report is ignored).
 */
export type PayoutFailed = {
  type: 'PayoutFailed';
  /** `cashAccountId`: the paid event's, so the reversal leaves the account the payout went into. */
  data: { payoutId: string; amountCents: number; date: string; cashAccountId?: string };
};

export type PayoutEvent = PayoutPaid | PayoutFailed;
export const PAYOUT_EVENT_TYPES: PayoutEvent['type'][] = ['PayoutPaid', 'PayoutFailed'];
export const PAYOUT_SCHEMA_VERSION = 1;

export const payoutStreamId = (payoutId: string): string => `payout-${payoutId}`;
