import { describe, expect, it } from 'vitest';
import type { InvoiceEvent } from '../../domain/invoice/events';
import type { RecordedEvent } from '../../eventstore/event-store';
import { evolvePublicInvoice } from '../public-invoices/public-invoices';
import { evolveSubscriptionBilling } from '../subscription-billing/subscription-billing';
import { evolveInvoiceList, type InvoiceListRow } from './invoice-list';

let revision = 0;
const recorded = (e: InvoiceEvent): RecordedEvent => ({
  eventId: `e${revision}`,
  streamId: 'invoice-i1',
  streamRevision: revision++,
  position: String(revision),
  type: e.type,
  data: e.data,
  metadata: { actor: 'test', schemaVersion: 1, recordedAt: '2026-03-01T00:00:00.000Z' },
});

const totals = { netCents: 10000, vatCents: 1900, grossCents: 11900 };
const issued = (invoiceId: string, start: string, end: string): InvoiceEvent => ({
  type: 'InvoiceIssued',
  data: { invoiceId, invoiceNumber: 'N-1', clientId: 'c1', date: start, dueDate: start, lines: [], totals, period: { subscriptionId: 's1', start, end }, parties: null },
});
const payment = (amountCents: number, paymentId: string): InvoiceEvent => ({
  type: 'PaymentRecorded',
  data: { invoiceId: 'i1', paymentId, amountCents, date: '2026-03-05', method: 'manual', reference: null },
});

describe('invoice read models', () => {
  it('lists an invoice through payments and drops it when voided', () => {
    revision = 0;
    const fold = (events: InvoiceEvent[]) => events.map(recorded).reduce<InvoiceListRow | null>(evolveInvoiceList, null);
    const partly = fold([issued('i1', '2026-03-01', '2026-04-01'), payment(5000, 'p1')]);
    expect(partly).toMatchObject({ paid: false, paid_cents: 5000, gross_cents: 11900, subscription_id: 's1', revision: 1 });
    revision = 0;
    const full = fold([issued('i1', '2026-03-01', '2026-04-01'), payment(5000, 'p1'), payment(6900, 'p2'), { type: 'InvoiceSent', data: { invoiceId: 'i1', to: 'x', sentAt: 'y' } }]);
    expect(full).toMatchObject({ paid: true, sent: true, revision: 3 });
    // Issued once sent or paid, and still issued (owed, reminded, immutable) after a full refund.
    revision = 0;
    expect(fold([issued('i1', '2026-03-01', '2026-04-01')])).toMatchObject({ issued: false });
    revision = 0;
    const refund: InvoiceEvent = { type: 'PaymentRefunded', data: { invoiceId: 'i1', paymentId: 'p1', refundId: 'r1', amountCents: 11900, date: '2026-03-06', method: 'stripe', reason: 'x', reference: null } };
    expect(fold([issued('i1', '2026-03-01', '2026-04-01'), payment(11900, 'p1'), refund])).toMatchObject({ issued: true, sent: false, paid: false, paid_cents: 0 });
    const voided: InvoiceEvent = { type: 'InvoiceVoided', data: { invoiceId: 'i1', reason: 'deleted', date: '2026-03-06', totals, originalDate: '2026-03-01' } };
    expect(evolveInvoiceList(full, recorded(voided))).toBeNull();
    expect(evolvePublicInvoice({ id: 'i1', invoice_number: 'N', client_id: 'c', date: 'd', due_date: 'd', gross_cents: 1, paid_cents: 0, paid: false, credited_cents: 0, cancelled: false }, recorded(voided))).toBeNull();
  });

  it('keeps the latest billed period end per subscription, whatever the order', () => {
    const later = evolveSubscriptionBilling(null, recorded(issued('i2', '2026-04-01', '2026-05-01')));
    const both = evolveSubscriptionBilling(later, recorded(issued('i1', '2026-03-01', '2026-04-01')));
    expect(both).toEqual({ subscription_id: 's1', invoiced_end: '2026-05-01', invoice_count: 2, last_invoice_id: 'i2' });
    const base = issued('i3', '2026-01-01', '2026-02-01') as Extract<InvoiceEvent, { type: 'InvoiceIssued' }>;
    const manual: InvoiceEvent = { type: 'InvoiceIssued', data: { ...base.data, period: null } };
    expect(evolveSubscriptionBilling(both, recorded(manual))).toBe(both);
  });
});
