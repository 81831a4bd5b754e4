import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from '../accounting/accounts';
import { ledgerEffectOf } from '../accounting/postings';
import { requestedPostingDays } from '../accounting/posting-dates';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { NOTHING_TO_WRITE_OFF, WRITE_OFF_DRAFT, WRITE_OFF_PAID, WRITTEN_OFF, type InvoiceCommand } from './decide';
import type { InvoiceEvent } from './events';
import { decideInTurn, issuedInvoice, liveInvoice, sentInvoice } from './test/events';
import { availableCreditCents, collectibleCents, isPaid, openCents, settlementOf } from './invoice';

const issued = issuedInvoice();
const sent = sentInvoice;
const paidPart: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p1', amountCents: 1900, date: '2026-03-05', method: 'bank', reference: null } };
const writeOff = (date = '2026-06-30', reason = 'Client insolvent'): InvoiceCommand => ({ type: 'WriteOffInvoice', data: { date, reason } });
const pay = (paymentId: string, amountCents: number, method: 'bank' | 'stripe' = 'bank'): InvoiceCommand => ({
  type: 'RecordPayment',
  data: { paymentId, amountCents, date: '2026-08-01', method, reference: null },
  byHand: method === 'bank',
});

const run = decideInTurn;
const live = liveInvoice;

describe('writing off a bad debt', () => {
  it('writes off the open amount at that moment, once, with the reason trimmed', () => {
    const { events, state } = run([issued, sent, paidPart], writeOff('2026-06-30', '  Client insolvent \n'));
    expect(events).toEqual([
      { type: 'InvoiceWrittenOff', data: { invoiceId: 'i1', invoiceNumber: '2026-000001', clientId: 'c1', date: '2026-06-30', reason: 'Client insolvent', amountCents: 10000 } },
    ]);
    const s = live(state);
    expect(openCents(s)).toBe(0);
    expect(isPaid(settlementOf(s))).toBe(false);
    expect(s.writtenOff).toEqual({ date: '2026-06-30', amountCents: 10000, reason: 'Client insolvent' });
    // The client still owes it in law: a card checkout may still collect it.
    expect(collectibleCents(s)).toBe(10000);
    expect(availableCreditCents(s)).toBe(0);
  });

  it('posts Dr Bad Debts, Cr Accounts Receivable on its day, and asks the lock about that day', () => {
    const [event] = run([issued, sent], writeOff()).events;
    const effect = ledgerEffectOf(event!, null)!;
    expect(effect.source).toMatchObject({ type: 'write_off', invoiceId: 'i1' });
    expect(effect.postings).toEqual([
      {
        kind: 'posting',
        date: '2026-06-30',
        description: 'Bad debt written off: invoice 2026-000001',
        lines: [
          { accountId: A.badDebts, debitCents: 11900, creditCents: 0 },
          { accountId: A.receivables, debitCents: 0, creditCents: 11900 },
        ],
      },
    ]);
    expect(ledgerEffectOf(event!, { revenueAccountId: null })).toBeNull();
    expect(requestedPostingDays(event!)).toEqual(['2026-06-30']);
  });

  it('is refused on a draft, a paid, a cancelled or an already written-off invoice, and for a blank reason or a day before the invoice', () => {
    expect(() => run([issued], writeOff())).toThrow(new ValidationError(WRITE_OFF_DRAFT));
    expect(() => run([], writeOff())).toThrow(NotFoundError);
    const paid: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p9', amountCents: 11900, date: '2026-03-05', method: 'bank', reference: null } };
    expect(() => run([issued, paid], writeOff())).toThrow(new ConflictError(WRITE_OFF_PAID));
    const cancelled = run([issued, sent], { type: 'CreditInvoice', data: { creditNoteId: 'n1', creditNoteNumber: 'CN-1', date: '2026-03-02', reason: 'Wrong' } }).events;
    expect(() => run([issued, sent, ...cancelled], writeOff())).toThrow(ConflictError);
    const done = run([issued, sent], writeOff()).events;
    expect(() => run([issued, sent, ...done], writeOff())).toThrow(new ConflictError(WRITTEN_OFF));
    expect(() => run([issued, sent], writeOff('2026-06-30', '  '))).toThrow(ValidationError);
    expect(() => run([issued, sent], writeOff('2026-02-28'))).toThrow(ValidationError);
    // Paid in part and credited for the rest: paid, nothing to write off.
    const rest = run([issued, sent, paidPart], {
      type: 'CreditInvoice',
      data: { creditNoteId: 'n2', creditNoteNumber: 'CN-2', date: '2026-03-02', reason: 'Discount', lines: [{ description: 'Discount', quantityMilli: 1000, unitPriceCents: 8403, vatRateBp: 1900 }] },
    }).events;
    expect(() => run([issued, sent, paidPart, ...rest], writeOff())).toThrow(new ConflictError(WRITE_OFF_PAID));
    // A zero invoice sent and never marked paid: nothing open.
    const zero: InvoiceEvent = { ...issued, data: { ...(issued.data as Extract<InvoiceEvent, { type: 'InvoiceIssued' }>['data']), lines: [], totals: { netCents: 0, vatCents: 0, grossCents: 0 } } } as InvoiceEvent;
    expect(() => run([zero, sent], writeOff())).toThrow(new ValidationError(NOTHING_TO_WRITE_OFF));
  });

  it('refuses a credit note on a written-off invoice: its receivable is already gone', () => {
    const done = run([issued, sent], writeOff()).events;
    expect(() => run([issued, sent, ...done], { type: 'CreditInvoice', data: { creditNoteId: 'n1', creditNoteNumber: 'CN-1', date: '2026-07-01', reason: 'Late' } })).toThrow(new ConflictError(WRITTEN_OFF));
  });
});

describe('money after a write-off is a recovery', () => {
  it('a later payment recovers first (Cr Bad Debts), still counts as paid, and what is beyond becomes credit', () => {
    const done = run([issued, sent, paidPart], writeOff()).events;
    const { events, state } = run([issued, sent, paidPart, ...done], pay('p2', 4000), pay('p3', 7000, 'stripe'));
    expect(events.map((e) => (e.type === 'PaymentRecorded' ? [e.data.amountCents, e.data.recoveredCents] : null))).toEqual([
      [4000, 4000],
      [7000, 6000],
    ]);
    const s = live(state);
    expect(s.paidCents).toBe(1900 + 4000 + 7000);
    expect(s.recoveredCents).toBe(10000);
    expect(isPaid(settlementOf(s))).toBe(true);
    expect(availableCreditCents(s)).toBe(1000);
    const lines = ledgerEffectOf(events[1]!, null)!.postings[0]!.lines;
    expect(lines).toEqual([
      { accountId: A.stripeClearing, debitCents: 7000, creditCents: 0 },
      { accountId: A.badDebts, debitCents: 0, creditCents: 6000 },
      { accountId: A.receivables, debitCents: 0, creditCents: 1000 },
    ]);
  });

  it('a partial recovery leaves the rest written off, nothing open; mark as paid recovers the rest', () => {
    const done = run([issued, sent], writeOff()).events;
    const { events, state } = run([issued, sent, ...done], pay('p2', 5000));
    expect(openCents(live(state))).toBe(0);
    expect(collectibleCents(live(state))).toBe(6900);
    const marked = run([issued, sent, ...done, ...events], { type: 'MarkInvoicePaid', data: { paymentId: 'm1', date: '2026-09-01' } });
    expect(marked.events).toEqual([
      { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'm1', amountCents: 6900, date: '2026-09-01', method: 'manual', reference: null, recoveredCents: 6900 } },
    ]);
    expect(isPaid(settlementOf(live(marked.state)))).toBe(true);
  });

  it('a payment on an invoice never written off posts to receivables alone', () => {
    const { events } = run([issued, sent], pay('p2', 5000));
    expect(events[0]).not.toHaveProperty('data.recoveredCents');
    expect(ledgerEffectOf(events[0]!, null)!.postings[0]!.lines.map((l) => l.accountId)).toEqual([A.bank, A.receivables]);
  });
});

describe('a lost card dispute', () => {
  it('owes the invoice again, and that amount can be written off the same way', () => {
    const card: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'pc', amountCents: 11900, date: '2026-03-05', method: 'stripe', reference: 'pi_1' } };
    const disputed: InvoiceEvent = { type: 'PaymentDisputed', data: { invoiceId: 'i1', paymentId: 'pc', disputeId: 'd1', amountCents: 11900, date: '2026-04-01', reason: 'fraudulent' } };
    const lost: InvoiceEvent = { type: 'DisputeClosed', data: { invoiceId: 'i1', paymentId: 'pc', disputeId: 'd1', amountCents: 11900, date: '2026-05-01', outcome: 'lost' } };
    expect(() => run([issued, card, disputed], writeOff())).toThrow(new ConflictError(WRITE_OFF_PAID));
    const { events, state } = run([issued, card, disputed, lost], writeOff());
    expect(events[0]).toMatchObject({ type: 'InvoiceWrittenOff', data: { amountCents: 11900 } });
    expect(openCents(live(state))).toBe(0);
  });
});
