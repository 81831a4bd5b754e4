import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../accounting/accounts';
import { ledgerEffectOf, movementEffect, payoutEffect } from '../accounting/postings';
import { decide } from './decide';
import type { InvoiceEvent } from './events';
import { issuedInvoice } from './test/events';
import { availableCreditCents, excessCents, foldInvoice, initialState, isPaid, openCents, paidDeltaOf, refundableCents, settlementOf, type InvoiceState } from './invoice';
import {
  checkCreditTarget,
  CREDIT_BEFORE_INVOICE,
  CREDIT_NOT_REFUNDABLE,
  CREDIT_ON_DRAFT,
  CREDIT_OTHER_CLIENT,
  overCreditBalance,
  overOpenAmount,
  overRefund,
  PAYMENT_NOT_FOUND,
  PAYMENT_NOT_YET_RECORDED,
  type MoneyMovementCommand,
} from './money-movements';
import { NotFoundError, ValidationError } from '../shared/errors';
import { decidePayout, evolvePayout, initialPayoutState } from '../payouts/payout';

const issued = issuedInvoice();
const card: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p1', amountCents: 11900, date: '2026-03-05', method: 'stripe', reference: 'pi_1' } };
const bank: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p2', amountCents: 5000, date: '2026-03-06', method: 'bank', reference: null } };

const run = (events: InvoiceEvent[], ...commands: MoneyMovementCommand[]): { events: InvoiceEvent[]; state: InvoiceState } => {
  let state = foldInvoice(events);
  const out: InvoiceEvent[] = [];
  for (const c of commands) {
    const decided = decide(c, state);
    out.push(...decided);
    state = foldInvoice([...events, ...out]);
  }
  return { events: out, state };
};

const refund = (amountCents: number, refundId = 'r1', byHand = true, extra: Partial<{ date: string; reason: string; paymentId: string }> = {}): MoneyMovementCommand => ({
  type: 'RefundPayment',
  data: { paymentId: extra.paymentId ?? 'p1', refundId, amountCents, date: extra.date ?? '2026-03-10', reason: extra.reason ?? 'Goodwill', reference: null },
  byHand,
});

describe('refunds', () => {
  it('a partial refund reduces what was paid: the invoice is owed again by that much', () => {
    const { events, state } = run([issued, card], refund(1900));
    expect(events).toEqual([
      { type: 'PaymentRefunded', data: { invoiceId: 'i1', paymentId: 'p1', refundId: 'r1', amountCents: 1900, date: '2026-03-10', method: 'stripe', reason: 'Goodwill', reference: null } },
    ]);
    if (state.status !== 'issued') throw new Error('issued');
    expect(state.paidCents).toBe(10000);
    expect(openCents(state)).toBe(1900);
    expect(isPaid(settlementOf(state))).toBe(false);
    expect(refundableCents(state, 'p1')).toBe(10000);
  });

  it('is recorded once per refund id, however often it is reported', () => {
    expect(run([issued, card], refund(1900, 'r1', false), refund(1900, 'r1', false)).events).toHaveLength(1);
  });

  it('refuses by hand more than is refundable, a blank reason, a date before the payment, zero and unknown payments', () => {
    expect(() => run([issued, card], refund(11901))).toThrow(overRefund(11900));
    expect(() => run([issued, card], refund(6000), refund(6000, 'r2'))).toThrow(overRefund(5900));
    expect(() => run([issued, card], refund(100, 'r1', true, { reason: '  ' }))).toThrow('Please correct');
    expect(() => run([issued, card], refund(100, 'r1', true, { date: '2026-03-04' }))).toThrow('Please correct');
    expect(() => run([issued, card], refund(0))).toThrow('Please correct');
    expect(() => run([issued, card], refund(100, 'r1', true, { paymentId: 'nope' }))).toThrow(PAYMENT_NOT_FOUND);
  });

  it('records what a gateway already refunded without the by-hand limits; an unknown payment is retried later', () => {
    expect(run([issued, card], refund(11900, 'r1', false, { date: '2026-03-01' })).events).toHaveLength(1);
    expect(() => run([issued], refund(100, 'r1', false))).toThrow(PAYMENT_NOT_YET_RECORDED);
  });

  it('shrinks the credit balance first when the invoice was overpaid', () => {
    const over: InvoiceEvent = { type: 'PaymentRecorded', data: { ...bank.data, paymentId: 'p3', amountCents: 20000 } as never };
    const { state } = run([issued, over], refund(8100, 'r1', true, { paymentId: 'p3' }));
    if (state.status !== 'issued') throw new Error('issued');
    expect(excessCents(settlementOf(state))).toBe(0);
    expect(openCents(state)).toBe(0);
  });

  it('a failed gateway refund gives the money back, once; an unknown one is nothing to undo', () => {
    const { events, state } = run([issued, card], refund(1900, 're_1', false), { type: 'FailRefund', data: { refundId: 're_1', date: '2026-03-12' } }, { type: 'FailRefund', data: { refundId: 're_1', date: '2026-03-13' } });
    expect(events.map((e) => e.type)).toEqual(['PaymentRefunded', 'RefundFailed']);
    if (state.status !== 'issued') throw new Error('issued');
    expect(state.paidCents).toBe(11900);
    expect(run([issued, card], { type: 'FailRefund', data: { refundId: 're_x', date: '2026-03-12' } }).events).toEqual([]);
  });
});

describe('disputes', () => {
  const open: MoneyMovementCommand = { type: 'OpenDispute', data: { paymentId: 'p1', disputeId: 'dp_1', amountCents: 11900, date: '2026-03-20', reason: 'fraudulent' } };
  const close = (outcome: 'won' | 'lost'): MoneyMovementCommand => ({
    type: 'CloseDispute',
    data: { paymentId: 'p1', disputeId: 'dp_1', amountCents: 11900, date: '2026-04-20', outcome, opened: { date: '2026-03-20', reason: 'fraudulent' } },
  });

  it('an open dispute leaves the invoice paid but nothing refundable; won changes nothing, lost makes it owed again', () => {
    const opened = run([issued, card], open);
    if (opened.state.status !== 'issued') throw new Error('issued');
    expect(isPaid(settlementOf(opened.state))).toBe(true);
    expect(refundableCents(opened.state, 'p1')).toBe(0);
    const won = run([issued, card], open, close('won'));
    if (won.state.status !== 'issued') throw new Error('issued');
    expect(won.state.paidCents).toBe(11900);
    expect(refundableCents(won.state, 'p1')).toBe(11900);
    const lost = run([issued, card], open, close('lost'));
    if (lost.state.status !== 'issued') throw new Error('issued');
    expect(openCents(lost.state)).toBe(11900);
  });

  it('a close that arrives first records the open too; each is recorded once in any order', () => {
    const { events } = run([issued, card], close('lost'), open, close('lost'));
    expect(events.map((e) => e.type)).toEqual(['PaymentDisputed', 'DisputeClosed']);
    expect(events[0]!.data).toMatchObject({ date: '2026-03-20', reason: 'fraudulent' });
  });
});

describe('gateway fees', () => {
  it('are recorded once per balance transaction; a zero fee records nothing', () => {
    const fee = (feeId: string, amountCents: number): MoneyMovementCommand => ({ type: 'ChargeGatewayFee', data: { paymentId: 'p1', feeId, amountCents, date: '2026-03-05', kind: 'payment' } });
    expect(run([issued, card], fee('txn_1', 204), fee('txn_1', 204), fee('txn_2', 0)).events).toHaveLength(1);
    expect(paidDeltaOf(run([issued, card], fee('txn_1', 204)).events[0]!)).toBe(0);
  });
});

describe('postings of money movements', () => {
  const base = { invoiceId: 'i1', paymentId: 'p1', date: '2026-03-10' };
  const lines = (e: ReturnType<typeof movementEffect>) => e.postings.flatMap((p) => p.lines);

  it('a refund takes the money out of the account it came into: Dr receivables, Cr Stripe clearing or bank', () => {
    const card = movementEffect({ type: 'PaymentRefunded', data: { ...base, refundId: 're_1', amountCents: 500, method: 'stripe', reason: 'x', reference: 're_1' } });
    expect(lines(card)).toEqual([
      { accountId: A.receivables, debitCents: 500, creditCents: 0 },
      { accountId: A.stripeClearing, debitCents: 0, creditCents: 500 },
    ]);
    expect(card.source).toEqual({ type: 'refund', id: 're_1', invoiceId: 'i1' });
    const cash = movementEffect({ type: 'PaymentRefunded', data: { ...base, refundId: 'r2', amountCents: 500, method: 'cash', reason: 'x', reference: null } });
    expect(lines(cash)[1]!.accountId).toBe(A.bank);
  });

  it('a dispute holds the amount apart; won brings it back to Stripe clearing, lost to receivables', () => {
    const opened = movementEffect({ type: 'PaymentDisputed', data: { ...base, disputeId: 'dp_1', amountCents: 900, reason: null } });
    expect(lines(opened)).toEqual([
      { accountId: A.disputedPayments, debitCents: 900, creditCents: 0 },
      { accountId: A.stripeClearing, debitCents: 0, creditCents: 900 },
    ]);
    const won = movementEffect({ type: 'DisputeClosed', data: { ...base, disputeId: 'dp_1', amountCents: 900, outcome: 'won' } });
    expect(lines(won)[0]).toEqual({ accountId: A.stripeClearing, debitCents: 900, creditCents: 0 });
    const lost = movementEffect({ type: 'DisputeClosed', data: { ...base, disputeId: 'dp_1', amountCents: 900, outcome: 'lost' } });
    expect(lines(lost)).toEqual([
      { accountId: A.receivables, debitCents: 900, creditCents: 0 },
      { accountId: A.disputedPayments, debitCents: 0, creditCents: 900 },
    ]);
    expect(opened.entryId).not.toBe(won.entryId);
  });

  it('a fee is an expense paid out of Stripe clearing; a fee given back reverses the sides', () => {
    const fee = movementEffect({ type: 'GatewayFeeCharged', data: { ...base, feeId: 'txn_1', amountCents: 204, kind: 'payment' } });
    expect(lines(fee)).toEqual([
      { accountId: A.paymentFees, debitCents: 204, creditCents: 0 },
      { accountId: A.stripeClearing, debitCents: 0, creditCents: 204 },
    ]);
    const back = movementEffect({ type: 'GatewayFeeCharged', data: { ...base, feeId: 'txn_2', amountCents: -1500, kind: 'dispute' } });
    expect(lines(back)).toEqual([
      { accountId: A.stripeClearing, debitCents: 1500, creditCents: 0 },
      { accountId: A.paymentFees, debitCents: 0, creditCents: 1500 },
    ]);
  });

  it('a payout moves Stripe clearing to the bank; a failed one moves it back', () => {
    const paid = payoutEffect({ type: 'PayoutPaid', data: { payoutId: 'po_1', amountCents: 11696, date: '2026-03-08', balanceTransactionIds: [] } });
    expect(lines(paid)).toEqual([
      { accountId: A.bank, debitCents: 11696, creditCents: 0 },
      { accountId: A.stripeClearing, debitCents: 0, creditCents: 11696 },
    ]);
    const failed = payoutEffect({ type: 'PayoutFailed', data: { payoutId: 'po_1', amountCents: 11696, date: '2026-03-09' } });
    expect(lines(failed)[0]!.accountId).toBe(A.stripeClearing);
    expect(failed.entryId).not.toBe(paid.entryId);
  });
});

describe('payouts', () => {
  it('are recorded once and fail at most once, reversing what was booked paid', () => {
    const record = { type: 'RecordPayout' as const, data: { payoutId: 'po_1', amountCents: 100, date: '2026-03-08', balanceTransactionIds: ['txn_1'] } };
    const fail = { type: 'FailPayout' as const, data: { payoutId: 'po_1', date: '2026-03-09' } };
    const paidEvents = decidePayout(record, initialPayoutState());
    expect(paidEvents).toHaveLength(1);
    const paid = paidEvents.reduce(evolvePayout, initialPayoutState());
    expect(decidePayout(record, paid)).toEqual([]);
    const failedEvents = decidePayout(fail, paid);
    expect(failedEvents).toEqual([{ type: 'PayoutFailed', data: { payoutId: 'po_1', amountCents: 100, date: '2026-03-09' } }]);
    expect(decidePayout(fail, failedEvents.reduce(evolvePayout, paid))).toEqual([]);
    expect(ledgerEffectOf(failedEvents[0]!, null)!.postings[0]!.lines).toEqual([
      { accountId: A.stripeClearing, debitCents: 100, creditCents: 0 },
      { accountId: A.bank, debitCents: 0, creditCents: 100 },
    ]);
  });

  it('a failure reported before the payout was paid books nothing, and the late paid report is ignored', () => {
    const fail = { type: 'FailPayout' as const, data: { payoutId: 'po_2', date: '2026-03-09' } };
    const failedFirst = decidePayout(fail, initialPayoutState());
    expect(failedFirst).toEqual([{ type: 'PayoutFailed', data: { payoutId: 'po_2', amountCents: 0, date: '2026-03-09' } }]);
    expect(ledgerEffectOf(failedFirst[0]!, null)).toBeNull();
    const state = failedFirst.reduce(evolvePayout, initialPayoutState());
    expect(decidePayout({ type: 'RecordPayout', data: { payoutId: 'po_2', amountCents: 100, date: '2026-03-08', balanceTransactionIds: [] } }, state)).toEqual([]);
    expect(decidePayout(fail, state)).toEqual([]);
  });
});

/** The field errors a refusal carries (the message is the form's generic one). */
const refusal = (work: () => unknown): Record<string, string[]> | undefined => {
  try {
    work();
  } catch (err) {
    return (err as ValidationError).fieldErrors;
  }
  throw new Error('not refused');
};

describe('credit balance applied to another invoice', () => {
  const overpaid: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p3', amountCents: 15000, date: '2026-03-06', method: 'bank', reference: null } };
  const transfer = (amountCents: number, transferId = 't1'): MoneyMovementCommand => ({
    type: 'TransferCredit',
    data: { transferId, applicationId: 'a1', toInvoiceId: 'i2', toInvoiceNumber: '2026-000002', amountCents, date: '2026-03-20' },
  });

  it('takes what was paid beyond the invoice, once per transfer id, and leaves the invoice paid', () => {
    const { events, state } = run([issued, overpaid], transfer(2000), transfer(2000));
    expect(events).toEqual([
      { type: 'CreditTransferred', data: { invoiceId: 'i1', transferId: 't1', applicationId: 'a1', toInvoiceId: 'i2', toInvoiceNumber: '2026-000002', clientId: 'c1', amountCents: 2000, date: '2026-03-20' } },
    ]);
    expect(paidDeltaOf(events[0]!)).toBe(-2000);
    if (state.status !== 'issued') throw new Error('issued');
    expect(state.paidCents).toBe(13000);
    expect(availableCreditCents(state)).toBe(1100);
    expect(isPaid(settlementOf(state))).toBe(true);
  });

  it('refuses more than the credit the invoice holds, zero, and the invoice itself as target', () => {
    expect(refusal(() => run([issued, overpaid], transfer(3101)))).toEqual({ amount: [overCreditBalance(3100)] });
    expect(refusal(() => run([issued, card], transfer(1)))).toEqual({ amount: [overCreditBalance(0)] });
    expect(() => run([issued, overpaid], transfer(0))).toThrow(ValidationError);
    const self: MoneyMovementCommand = { type: 'TransferCredit', data: { ...(transfer(10) as { data: object }).data, toInvoiceId: 'i1' } as never };
    expect(() => run([issued, overpaid], self)).toThrow(ValidationError);
  });

  it('a deleted invoice holds everything still paid on it as credit', () => {
    const voided: InvoiceEvent = { type: 'InvoiceVoided', data: { invoiceId: 'i1', reason: 'deleted', date: '2026-03-02', totals: { netCents: 10000, vatCents: 1900, grossCents: 11900 }, originalDate: '2026-03-01' } };
    const state = foldInvoice([issued, voided, { ...bank, data: { ...bank.data, paymentId: 'late' } }]);
    expect(availableCreditCents(state)).toBe(5000);
    expect(run([issued, voided, { ...bank, data: { ...bank.data, paymentId: 'late' } }], transfer(5000)).events).toHaveLength(1);
  });

  it('checks the receiving invoice like a payment by hand: same client, issued, not cancelled, not before its date, no more than it owes', () => {
    const sent: InvoiceEvent = { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'a@b.c', sentAt: '2026-03-01T10:00:00Z' } };
    const target = foldInvoice([issued, sent]);
    expect(() => checkCreditTarget(target, 'c1', 11900, '2026-03-01')).not.toThrow();
    expect(refusal(() => checkCreditTarget(target, 'c2', 100, '2026-03-02'))).toEqual({ invoiceId: [CREDIT_OTHER_CLIENT] });
    expect(refusal(() => checkCreditTarget(foldInvoice([issued]), 'c1', 100, '2026-03-02'))).toEqual({ invoiceId: [CREDIT_ON_DRAFT] });
    expect(refusal(() => checkCreditTarget(target, 'c1', 100, '2026-02-28'))).toEqual({ date: [CREDIT_BEFORE_INVOICE] });
    expect(refusal(() => checkCreditTarget(target, 'c1', 11901, '2026-03-02'))).toEqual({ amount: [overOpenAmount(11900)] });
    expect(() => checkCreditTarget(initialState(), 'c1', 100, '2026-03-02')).toThrow(NotFoundError);
  });

  it('refuses an amount above the bound every amount keeps, saying the limit, before anything else', () => {
    const huge = 100_000_000_001;
    expect(refusal(() => run([issued, overpaid], transfer(huge)))).toEqual({ amount: ['An amount cannot exceed 1,000,000,000.00.'] });
    expect(refusal(() => run([issued, card], refund(huge)))).toEqual({ amountCents: ['An amount cannot exceed 1,000,000,000.00.'] });
    const sent: InvoiceEvent = { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'a@b.c', sentAt: '2026-03-01T10:00:00Z' } };
    expect(refusal(() => checkCreditTarget(foldInvoice([issued, sent]), 'c1', huge, '2026-03-02'))).toEqual({ amount: ['An amount cannot exceed 1,000,000,000.00.'] });
  });

  it('a credit payment is not refundable, and posts through Client Credit Transfers on both sides', () => {
    const credit: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'pc', amountCents: 1000, date: '2026-03-20', method: 'credit', reference: '2026-000009', transferId: 't9' } };
    const state = foldInvoice([issued, credit]);
    if (state.status !== 'issued') throw new Error('issued');
    expect(refundableCents(state, 'pc')).toBe(0);
    expect(() => run([issued, credit], refund(100, 'r9', true, { paymentId: 'pc', date: '2026-03-21' }))).toThrow(CREDIT_NOT_REFUNDABLE);
    const out = run([issued, overpaid], transfer(2000)).events[0] as Extract<InvoiceEvent, { type: 'CreditTransferred' }>;
    expect(movementEffect(out).postings[0]!.lines).toEqual([
      { accountId: A.receivables, debitCents: 2000, creditCents: 0 },
      { accountId: A.creditTransfers, debitCents: 0, creditCents: 2000 },
    ]);
  });
});

describe('money accounts', () => {
  const SAFE = 'a0000000-0000-4000-8000-000000001001';
  const deposited: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p3', amountCents: 5000, date: '2026-03-06', method: 'bank', reference: null, cashAccountId: SAFE } };
  const cash: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p4', amountCents: 1000, date: '2026-03-06', method: 'cash', reference: null, cashAccountId: A.cashOnHand } };
  const moneyLines = (event: InvoiceEvent) => ledgerEffectOf(event, null)!.postings[0]!.lines;

  it('a payment deposited to a money account posts to its ledger account; one recorded before money accounts to the method’s', () => {
    expect(moneyLines(deposited)).toEqual([
      { accountId: SAFE, debitCents: 5000, creditCents: 0 },
      { accountId: A.receivables, debitCents: 0, creditCents: 5000 },
    ]);
    expect(moneyLines(cash)[0]).toEqual({ accountId: A.cashOnHand, debitCents: 1000, creditCents: 0 });
    // Written before money accounts: a cash payment stays on Bank, where it was posted.
    expect(moneyLines({ ...cash, data: { ...cash.data, cashAccountId: undefined } })[0]!.accountId).toBe(A.bank);
    expect(moneyLines(bank)[0]!.accountId).toBe(A.bank);
  });

  it('a refund, and its failure, leave from and come back to the money account its payment went into', () => {
    const { events } = run([issued, deposited], refund(2000, 'r9', true, { paymentId: 'p3' }), { type: 'FailRefund', data: { refundId: 'r9', date: '2026-03-12' } });
    expect(events.map((e) => [e.type, (e.data as { cashAccountId?: string }).cashAccountId])).toEqual([
      ['PaymentRefunded', SAFE],
      ['RefundFailed', SAFE],
    ]);
    expect(movementEffect(events[0] as Parameters<typeof movementEffect>[0]).postings[0]!.lines).toEqual([
      { accountId: A.receivables, debitCents: 2000, creditCents: 0 },
      { accountId: SAFE, debitCents: 0, creditCents: 2000 },
    ]);
    expect(movementEffect(events[1] as Parameters<typeof movementEffect>[0]).postings[0]!.lines[0]).toEqual({ accountId: SAFE, debitCents: 2000, creditCents: 0 });
    // A refund of a payment without one: the method's account, as before.
    const { events: old } = run([issued, bank], refund(1000, 'r8', true, { paymentId: 'p2' }));
    expect(old[0]!.data).not.toHaveProperty('cashAccountId');
  });
});
