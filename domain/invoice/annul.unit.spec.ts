import { describe, expect, it } from 'vitest';
import { ledgerEffectOf } from '../accounting/postings';
import { annulment, type StoredInvoiceEvent } from './annul';
import type { InvoiceEvent } from './events';
import { foldInvoice } from './invoice';

const poisonTotals = { netCents: 9_999_999_999_999_000, vatCents: 1_899_999_999_999_810, grossCents: 11_899_999_999_998_810 };
const issue = (totals: { netCents: number; vatCents: number; grossCents: number }, date = '2026-03-01'): InvoiceEvent => ({
  type: 'InvoiceIssued',
  data: {
    invoiceId: 'i1',
    invoiceNumber: '2026-000007',
    clientId: 'c1',
    date,
    dueDate: '2026-03-15',
    lines: [{ description: 'x', quantity: 1000, unitPriceCents: 9_999_999_999_999, vatRateBp: 1900, ...totals, vatCategory: 'S' }],
    totals,
    period: null,
    parties: null,
  },
});
const stored = (eventId: string, event: InvoiceEvent, annuls?: string[]): StoredInvoiceEvent => ({ eventId, event, ...(annuls ? { annuls } : {}) });

describe('annulling an invoice whose amounts no number holds exactly', () => {
  it("annuls the finding's invoice: nothing was posted, so nothing is reversed, on its own day", () => {
    const result = annulment([stored('e1', issue(poisonTotals))]);
    expect(result).toEqual({
      annuls: ['e1'],
      event: { type: 'InvoiceVoided', data: { invoiceId: 'i1', reason: 'annulled', date: '2026-03-01', totals: { netCents: 0, vatCents: 0, grossCents: 0 }, originalDate: '2026-03-01', period: null } },
    });
    // The ledger posts nothing for it, and the invoice is no longer live.
    expect(ledgerEffectOf(result!.event, null)!.postings).toEqual([]);
    expect(foldInvoice([issue(poisonTotals), result!.event]).status).toBe('voided');
  });

  it('reverses what an exact issue posted when a later edit or payment was inexact, and keeps exact money', () => {
    const exact = { netCents: 10_000, vatCents: 1_900, grossCents: 11_900 };
    const edit: InvoiceEvent = {
      type: 'InvoiceEdited',
      data: { invoiceId: 'i1', invoiceNumber: '2026-000007', clientId: 'c1', date: '2026-03-02', dueDate: '2026-03-16', lines: [], totals: poisonTotals, previousTotals: exact, previousDate: '2026-03-01' },
    };
    const paid: InvoiceEvent = { type: 'PaymentRecorded', data: { invoiceId: 'i1', paymentId: 'p1', amountCents: poisonTotals.grossCents, date: '2026-03-05', method: 'manual', reference: null } };
    const result = annulment([stored('a', issue(exact)), stored('b', edit), stored('c', paid)]);
    expect(result!.annuls).toEqual(['b', 'c']);
    expect(result!.event.data).toMatchObject({ reason: 'annulled', totals: exact, date: '2026-03-01', originalDate: '2026-03-01' });
    const reversal = ledgerEffectOf(result!.event, { revenueAccountId: null })!.postings[0]!;
    expect(reversal.date).toBe('2026-03-01');
    expect(reversal.description).toBe('Reversal (annulled): invoice');
    expect(reversal.lines.reduce((sum, l) => sum + l.debitCents - l.creditCents, 0)).toBe(0);
  });

  it('is needed once: a stream whose inexact events are all annulled, or that has none, needs nothing', () => {
    const first = annulment([stored('e1', issue(poisonTotals))])!;
    expect(annulment([stored('e1', issue(poisonTotals)), stored('e2', first.event, first.annuls)])).toBeNull();
    expect(annulment([stored('e1', issue({ netCents: 100, vatCents: 19, grossCents: 119 }))])).toBeNull();
  });
});
