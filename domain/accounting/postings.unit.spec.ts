import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS as A } from './accounts';
import { effectsOf } from './balances';
import { invoiceEntryId, paymentEntryId } from './postings';
import type { InvoiceEvent } from '../invoice/events';

const INV = '22222222-2222-4222-8222-222222222222';
const totals = { netCents: 10000, vatCents: 1900, grossCents: 11900 };
const issued: InvoiceEvent = {
  type: 'InvoiceIssued',
  data: { invoiceId: INV, invoiceNumber: 'INV-7', clientId: 'c', date: '2026-02-01', dueDate: '2026-03-01', lines: [], totals, period: { subscriptionId: 's', start: '2026-02-01', end: '2026-03-01' }, parties: null },
};

describe('automatic postings', () => {
  it('posts an issued invoice as Dr receivables gross, Cr revenue net, Cr VAT payable', () => {
    const [effect] = effectsOf([issued]);
    expect(effect).toMatchObject({ entryId: invoiceEntryId(INV), source: { type: 'invoice', id: INV, invoiceId: INV }, entry: { status: 'active', description: 'Invoice INV-7' } });
    expect(effect!.postings).toEqual([
      {
        kind: 'posting',
        date: '2026-02-01',
        description: 'Invoice INV-7',
        lines: [
          { accountId: A.receivables, debitCents: 11900, creditCents: 0 },
          { accountId: A.subscriptionRevenue, debitCents: 0, creditCents: 10000 },
          { accountId: A.vatPayable, debitCents: 0, creditCents: 1900 },
        ],
        vat: [{ direction: 'output', category: null, rateBp: null, baseCents: 10000, vatCents: 1900 }],
      },
    ]);
  });

  it('posts a Stripe payment to Stripe clearing and a bank payment to the bank, once per payment id', () => {
    const pay = (paymentId: string, method: 'stripe' | 'bank'): InvoiceEvent => ({
      type: 'PaymentRecorded',
      data: { invoiceId: INV, paymentId, amountCents: 11900, date: '2026-02-10', method, reference: null },
    });
    const effects = effectsOf([issued, pay('pi_1', 'stripe'), pay('pi_1', 'stripe'), pay('m_2', 'bank')]);
    expect(effects).toHaveLength(3);
    expect(effects[1]!).toMatchObject({ entryId: paymentEntryId('pi_1'), source: { type: 'payment', id: 'pi_1', invoiceId: INV } });
    expect(effects[1]!.postings[0]!.lines).toEqual([
      { accountId: A.stripeClearing, debitCents: 11900, creditCents: 0 },
      { accountId: A.receivables, debitCents: 0, creditCents: 11900 },
    ]);
    expect(effects[2]!.postings[0]!.lines[0]!.accountId).toBe(A.bank);
  });

  it('reverses an edit on the previous date to the original revenue account and a deletion on the original date', () => {
    const edited: InvoiceEvent = {
      type: 'InvoiceEdited',
      data: { invoiceId: INV, invoiceNumber: 'INV-7', clientId: 'c', date: '2026-02-05', dueDate: '2026-03-05', lines: [], totals: { netCents: 5000, vatCents: 0, grossCents: 5000 }, previousTotals: totals, previousDate: '2026-02-01' },
    };
    const voided: InvoiceEvent = { type: 'InvoiceVoided', data: { invoiceId: INV, reason: 'deleted', date: '2026-04-01', totals: edited.data.totals, originalDate: '2026-02-05' } };
    const [, edit, del] = effectsOf([issued, edited, voided]);
    expect(edit!.postings.map((p) => [p.kind, p.date, p.lines.length])).toEqual([
      ['reversal', '2026-02-01', 3],
      ['posting', '2026-02-05', 2],
    ]);
    expect(edit!.postings[0]!.lines[1]).toEqual({ accountId: A.subscriptionRevenue, debitCents: 10000, creditCents: 0 });
    expect(edit!.postings[1]!.lines[1]).toEqual({ accountId: A.subscriptionRevenue, debitCents: 0, creditCents: 5000 });
    expect(del).toMatchObject({ entry: { status: 'deleted' }, postings: [{ kind: 'reversal', date: '2026-02-05' }] });
  });

  it('posts nothing for an edit that moves no money, but keeps the new invoice number', () => {
    const edited: InvoiceEvent = {
      type: 'InvoiceEdited',
      data: { invoiceId: INV, invoiceNumber: 'INV-7b', clientId: 'c', date: '2026-02-01', dueDate: '2026-04-01', lines: [], totals, previousTotals: totals, previousDate: '2026-02-01' },
    };
    const [, edit] = effectsOf([issued, edited]);
    expect(edit).toMatchObject({ postings: [], entry: { description: 'Invoice INV-7b' } });
  });

  it('posts nothing for a sent invoice', () => {
    expect(effectsOf([{ type: 'InvoiceSent', data: { invoiceId: INV, to: 'x@example.com', sentAt: '2026-02-01T00:00:00Z' } }])).toEqual([]);
  });
});
