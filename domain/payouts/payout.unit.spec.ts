import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../accounting/accounts';
import { ledgerEffectOf } from '../accounting/postings';
import type { PayoutEvent } from './events';
import { decidePayout, evolvePayout, initialPayoutState, type PayoutCommand } from './payout';

const SAVINGS = '7d3c2b1a-0000-4000-8000-000000001001';
const record = (cashAccountId?: string): PayoutCommand => ({
  type: 'RecordPayout',
  data: { payoutId: 'po_1', amountCents: 25_000, date: '2026-03-08', balanceTransactionIds: ['txn_1'], ...(cashAccountId ? { cashAccountId } : {}) },
});
const fail: PayoutCommand = { type: 'FailPayout', data: { payoutId: 'po_1', date: '2026-03-10' } };
const lines = (event: PayoutEvent) => ledgerEffectOf(event, null)!.postings[0]!.lines;
/** The events of the commands run in turn, each on the state the earlier ones left. */
const run = (...commands: PayoutCommand[]): PayoutEvent[] => {
  let state = initialPayoutState();
  const events: PayoutEvent[] = [];
  for (const command of commands) {
    const decided = decidePayout(command, state);
    state = decided.reduce(evolvePayout, state);
    events.push(...decided);
  }
  return events;
};

describe('a payout’s money account', () => {
  it('posts a payout to the money account its event names: Dr that account, Cr Stripe clearing', () => {
    const [paid] = run(record(SAVINGS));
    expect(paid).toEqual({ type: 'PayoutPaid', data: { payoutId: 'po_1', amountCents: 25_000, date: '2026-03-08', balanceTransactionIds: ['txn_1'], cashAccountId: SAVINGS } });
    expect(lines(paid!)).toEqual([
      { accountId: SAVINGS, debitCents: 25_000, creditCents: 0 },
      { accountId: A.stripeClearing, debitCents: 0, creditCents: 25_000 },
    ]);
  });

  it('reverses a failed payout on the account its paid event named', () => {
    const [, failed] = run(record(SAVINGS), fail);
    expect(failed).toEqual({ type: 'PayoutFailed', data: { payoutId: 'po_1', amountCents: 25_000, date: '2026-03-10', cashAccountId: SAVINGS } });
    expect(lines(failed!)).toEqual([
      { accountId: A.stripeClearing, debitCents: 25_000, creditCents: 0 },
      { accountId: SAVINGS, debitCents: 0, creditCents: 25_000 },
    ]);
  });

  it('posts events without an account (recorded before payouts had a default) to the books’ own Bank, as before', () => {
    const [paid, failed] = run(record(), fail);
    expect(paid!.data).not.toHaveProperty('cashAccountId');
    expect(failed!.data).not.toHaveProperty('cashAccountId');
    expect(lines(paid!)[0]).toEqual({ accountId: A.bank, debitCents: 25_000, creditCents: 0 });
    expect(lines(failed!)[1]).toEqual({ accountId: A.bank, debitCents: 0, creditCents: 25_000 });
  });

  it('a payout Stripe debits from the bank (negative) takes it out of the named account', () => {
    const [paid] = run({ type: 'RecordPayout', data: { payoutId: 'po_2', amountCents: -1_500, date: '2026-03-08', balanceTransactionIds: [], cashAccountId: SAVINGS } });
    expect(lines(paid!)).toEqual([
      { accountId: A.stripeClearing, debitCents: 1_500, creditCents: 0 },
      { accountId: SAVINGS, debitCents: 0, creditCents: 1_500 },
    ]);
  });

  it('a failure reported first books nothing and names no account', () => {
    const [failed] = run(fail, record(SAVINGS));
    expect(failed).toEqual({ type: 'PayoutFailed', data: { payoutId: 'po_1', amountCents: 0, date: '2026-03-10' } });
    expect(ledgerEffectOf(failed!, null)).toBeNull();
  });
});
