import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../accounting/accounts';
import { ledgerEffectOf, paymentEntryId } from '../accounting/postings';
import { requestedPostingDays } from '../accounting/posting-dates';
import { ConflictError, NotFoundError } from '../shared/errors';
import { REMOVE_APPLIED_CREDIT, REMOVE_CREDIT_PAYMENT, REMOVE_GATEWAY_PAYMENT, REMOVE_MOVED_PAYMENT, type InvoiceCommand } from './decide';
import type { InvoiceEvent, PaymentMethod } from './events';
import { decideInTurn, issuedInvoice, liveInvoice, sentInvoice } from './test/events';
import { availableCreditCents, foldInvoice, isPaid, openCents, settlementOf, unrecoveredCents } from './invoice';

const issued = issuedInvoice(0);
const sent = sentInvoice;
const paid = (paymentId: string, amountCents: number, method: PaymentMethod = 'bank', extra: object = {}): InvoiceEvent => ({
  type: 'PaymentRecorded',
  data: { invoiceId: 'i1', paymentId, amountCents, date: '2026-03-10', method, reference: 'RF18000000000000000000001', ...extra },
});
const remove = (paymentId: string): InvoiceCommand => ({ type: 'RemovePayment', data: { paymentId, reason: 'statement_line_unreconciled' } });

const run = decideInTurn;
const live = liveInvoice;
const refusal = (given: InvoiceEvent[], command: InvoiceCommand): unknown => {
  try {
    run(given, command);
  } catch (err) {
    return err;
  }
  return null;
};

describe('removing a payment recorded in error', () => {
  it('owes the invoice again as if the payment had never been, keeping the other payments', () => {
    const { events, state } = run([issued, sent, paid('p1', 4000), paid('p2', 6000, 'bank', { cashAccountId: 'acc-bank-2' })], remove('p2'));
    expect(events).toEqual([
      { type: 'PaymentRemoved', data: { invoiceId: 'i1', paymentId: 'p2', amountCents: 6000, date: '2026-03-10', method: 'bank', cashAccountId: 'acc-bank-2', reason: 'statement_line_unreconciled' } },
    ]);
    const s = live(state);
    expect(s.payments.map((p) => p.paymentId)).toEqual(['p1']);
    expect(s.paidCents).toBe(4000);
    expect(openCents(s)).toBe(6000);
    expect(isPaid(settlementOf(s))).toBe(false);
  });

  it('takes an overpayment\'s credit balance with it', () => {
    const before = live(foldInvoice([issued, sent, paid('p1', 12500)]));
    expect(availableCreditCents(before)).toBe(2500);
    const s = live(run([issued, sent, paid('p1', 12500)], remove('p1')).state);
    expect(availableCreditCents(s)).toBe(0);
    expect(openCents(s)).toBe(10000);
  });

  it('is done once: removing it again decides nothing, and the same payment id is never recorded again', () => {
    const given = [issued, sent, paid('p1', 4000), ...run([issued, sent, paid('p1', 4000)], remove('p1')).events];
    expect(run(given, remove('p1')).events).toEqual([]);
    const again: InvoiceCommand = { type: 'RecordPayment', data: { paymentId: 'p1', amountCents: 4000, date: '2026-03-10', method: 'bank', reference: null }, byHand: true };
    expect(run(given, again).events).toEqual([]);
  });

  it('refuses an unknown payment, money a card took, credit applied from another invoice, and a payment money moved from since', () => {
    expect(refusal([issued, sent], remove('nope'))).toBeInstanceOf(NotFoundError);
    expect(refusal([issued, sent, paid('p1', 4000, 'stripe')], remove('p1'))).toMatchObject({ message: REMOVE_GATEWAY_PAYMENT });
    expect(refusal([issued, sent, paid('p1', 4000, 'credit', { transferId: 't1' })], remove('p1'))).toMatchObject({ message: REMOVE_CREDIT_PAYMENT });
    const refunded: InvoiceEvent = { type: 'PaymentRefunded', data: { invoiceId: 'i1', paymentId: 'p1', refundId: 'r1', amountCents: 100, date: '2026-03-12', method: 'bank', reason: 'Goodwill', reference: null } };
    const err = refusal([issued, sent, paid('p1', 4000), refunded], remove('p1'));
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ message: REMOVE_MOVED_PAYMENT });
  });

  it('refuses while part of the payment sits as credit applied to another invoice', () => {
    const transferred: InvoiceEvent = {
      type: 'CreditTransferred',
      data: { invoiceId: 'i1', transferId: 't1', applicationId: 'a1', toInvoiceId: 'i2', toInvoiceNumber: '2026-000002', clientId: 'c1', amountCents: 2500, date: '2026-03-12' },
    };
    // 125.00 paid on 100.00, 25.00 applied to another invoice: without the payment, -25.00 would be paid.
    expect(refusal([issued, sent, paid('p1', 12500), transferred], remove('p1'))).toMatchObject({ message: REMOVE_APPLIED_CREDIT });
  });

  it('gives back what the payment recovered of a write-off', () => {
    const writtenOff: InvoiceEvent = { type: 'InvoiceWrittenOff', data: { invoiceId: 'i1', invoiceNumber: '2026-000001', clientId: 'c1', date: '2026-03-05', reason: 'Insolvent', amountCents: 10000 } };
    const recovery = paid('p1', 3000, 'bank', { recoveredCents: 3000 });
    const { events, state } = run([issued, sent, writtenOff, recovery], remove('p1'));
    expect(events[0]).toMatchObject({ type: 'PaymentRemoved', data: { recoveredCents: 3000 } });
    expect(unrecoveredCents(live(state))).toBe(10000);
  });

  it('reverses the payment\'s own entry on the payment\'s day, which the period lock is asked about; a payment never posted has nothing to reverse', () => {
    const recorded = paid('p1', 3000, 'bank', { cashAccountId: 'acc-bank-2', recoveredCents: 1000 });
    const [removed] = run([issued, sent, recorded], remove('p1')).events;
    expect(requestedPostingDays(removed!)).toEqual(['2026-03-10']);
    const posted = ledgerEffectOf(recorded, null)!;
    const effect = ledgerEffectOf(removed!, { revenueAccountId: null, vat: null })!;
    expect(effect.entryId).toBe(paymentEntryId('p1'));
    expect(effect.entryId).toBe(posted.entryId);
    expect(effect.entry.status).toBe('deleted');
    expect(effect.postings).toHaveLength(1);
    expect(effect.postings[0]).toMatchObject({ kind: 'reversal', date: '2026-03-10' });
    // Exactly the payment's lines, sides swapped: Cr the money account, Dr Bad Debts and Receivables.
    expect(effect.postings[0]!.lines).toEqual(posted.postings[0]!.lines.map((l) => ({ accountId: l.accountId, debitCents: l.creditCents, creditCents: l.debitCents })));
    expect(effect.postings[0]!.lines).toEqual([
      { accountId: 'acc-bank-2', debitCents: 0, creditCents: 3000 },
      { accountId: A.badDebts, debitCents: 1000, creditCents: 0 },
      { accountId: A.receivables, debitCents: 2000, creditCents: 0 },
    ]);
    expect(ledgerEffectOf(removed!, null)).toBeNull();
  });
});
