import { ValidationError } from '../shared/errors';
import type { PayoutEvent } from './events';

/** `cashAccountId`: where the paid payout was posted (absent: the books' own Bank). */
export type PayoutState = { status: 'none' } | { status: 'paid' | 'failed'; amountCents: number; cashAccountId?: string };

export const initialPayoutState = (): PayoutState => ({ status: 'none' });

export const evolvePayout = (state: PayoutState, event: PayoutEvent): PayoutState => {
  switch (event.type) {
    case 'PayoutPaid':
      return { status: 'paid', amountCents: event.data.amountCents, ...(event.data.cashAccountId ? { cashAccountId: event.data.cashAccountId } : {}) };
    case 'PayoutFailed':
      return state.status === 'none' ? { status: 'failed', amountCents: 0 } : { ...state, status: 'failed' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export type PayoutCommand =
  | { type: 'RecordPayout'; data: { payoutId: string; amountCents: number; date: string; balanceTransactionIds: string[]; cashAccountId?: string } }
  | { type: 'FailPayout'; data: { payoutId: string; date: string } };

/**
 * Each payout is recorded once and fails at most once. A failure reported before the payout was
 * reported paid is recorded with nothing to undo (amount 0: the money never left Stripe), and a
 * paid report that arrives after it is ignored, so the late report never books money the bank
 * never kept. A failure undoes the payout on the money account its paid event named.
 */
export const decidePayout = (command: PayoutCommand, state: PayoutState): PayoutEvent[] => {
  switch (command.type) {
    case 'RecordPayout': {
      if (state.status !== 'none') return [];
      if (!Number.isSafeInteger(command.data.amountCents)) throw new ValidationError('A payout amount must be a whole number of cents.');
      return [{ type: 'PayoutPaid', data: command.data }];
    }
    case 'FailPayout':
      if (state.status === 'failed') return [];
      if (state.status === 'none') return [{ type: 'PayoutFailed', data: { payoutId: command.data.payoutId, amountCents: 0, date: command.data.date } }];
      // Reversed on the account the paid event posted to, whatever the payout default is now.
      return [{ type: 'PayoutFailed', data: { payoutId: command.data.payoutId, amountCents: state.amountCents, date: command.data.date, ...(state.cashAccountId ? { cashAccountId: state.cashAccountId } : {}) } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};
