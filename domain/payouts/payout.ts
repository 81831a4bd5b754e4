import { ValidationError } from '../shared/errors';
import type { PayoutEvent } from './events';

export type PayoutState = { status: 'none' } | { status: 'paid' | 'failed'; amountCents: number };

export const initialPayoutState = (): PayoutState => ({ status: 'none' });

export const evolvePayout = (state: PayoutState, event: PayoutEvent): PayoutState => {
  switch (event.type) {
    case 'PayoutPaid':
      return { status: 'paid', amountCents: event.data.amountCents };
    case 'PayoutFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export type PayoutCommand =
  | { type: 'RecordPayout'; data: { payoutId: string; amountCents: number; date: string; balanceTransactionIds: string[] } }
  | { type: 'FailPayout'; data: { payoutId: string; date: string } };

/** Each payout is recorded once, and fails at most once (only after it was recorded paid). */
export const decidePayout = (command: PayoutCommand, state: PayoutState): PayoutEvent[] => {
  switch (command.type) {
    case 'RecordPayout': {
      if (state.status !== 'none') return [];
      if (!Number.isSafeInteger(command.data.amountCents)) throw new ValidationError('A payout amount must be a whole number of cents.');
      return [{ type: 'PayoutPaid', data: command.data }];
    }
    case 'FailPayout':
      // A failure reported before the payout itself has nothing to undo: the money never left Stripe.
      return state.status === 'paid' ? [{ type: 'PayoutFailed', data: { payoutId: command.data.payoutId, amountCents: state.amountCents, date: command.data.date } }] : [];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};
