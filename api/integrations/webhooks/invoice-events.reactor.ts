import type { Knex } from 'knex';
import type { WebhookEvent } from './outbox';
import { enqueueWebhooks } from './outbox';
import { INVOICE_EVENT_TYPES, type InvoiceEvent } from '../../../domain/invoice/events';
import { currencyOf, evolve, initialState, invoicesContinued, isIssued, isPaid, openCents, settlementOf, type InvoiceState } from '../../../domain/invoice/invoice';
import { decodeInvoiceEvent } from '../../../domain/invoice/stream';
import { centsToEuros } from '../../../domain/shared/money';
import type { RecordedEvent } from '../../../eventstore/event-store';
import type { Reactor } from '../../../projections/projection';
import { toIso } from '../../platform/wire';

const STATE_TABLE = 'webhook_invoice_state';

type Live = Exclude<InvoiceState, { status: 'empty' }>;

/** An invoice as a webhook states it: its REST names, amounts in its currency. */
const invoiceData = (s: Live) => ({
  id: s.invoiceId,
  invoice_number: s.invoiceNumber,
  client: s.clientId,
  date: s.date,
  due_date: s.dueDate,
  currency: currencyOf(s),
  total_amount: centsToEuros(s.totals.grossCents),
  open_amount: centsToEuros(openCents(s)),
});

/** The webhook events one invoice event makes, given the invoice before and after it. */
const eventsOf = (recorded: RecordedEvent, event: InvoiceEvent, before: InvoiceState, after: InvoiceState): WebhookEvent[] => {
  if (after.status !== 'issued') return [];
  const at = toIso(recorded.metadata.recordedAt);
  const doc = `invoice:${after.invoiceId}`;
  const wasLive = before.status === 'issued';
  const out: WebhookEvent[] = [];
  if (isIssued(after) && !(wasLive && isIssued(before))) out.push({ type: 'invoice.issued', key: `invoice.issued:${after.invoiceId}`, documentKey: doc, occurredAt: at, data: invoiceData(after) });
  if (event.type === 'PaymentRecorded') {
    const d = event.data;
    out.push({ type: 'payment.recorded', key: `payment.recorded:${d.paymentId}`, documentKey: doc, occurredAt: at, data: { id: d.paymentId, invoice: d.invoiceId, amount: centsToEuros(d.amountCents), currency: currencyOf(after), date: d.date, method: d.method, reference: d.reference } });
  }
  if (event.type === 'PaymentRefunded') {
    const d = event.data;
    out.push({ type: 'payment.refunded', key: `payment.refunded:${d.refundId}`, documentKey: doc, occurredAt: at, data: { id: d.refundId, payment: d.paymentId, invoice: d.invoiceId, amount: centsToEuros(d.amountCents), currency: currencyOf(after), date: d.date, reason: d.reason } });
  }
  if (event.type === 'InvoiceCredited') {
    const d = event.data;
    out.push({ type: 'credit_note.issued', key: `credit_note.issued:${d.creditNoteId}`, documentKey: doc, occurredAt: at, data: { id: d.creditNoteId, credit_note_number: d.creditNoteNumber, invoice: d.invoiceId, client: d.clientId, date: d.date, reason: d.reason, currency: currencyOf(after), total_amount: centsToEuros(d.totals.grossCents) } });
  }
  if (isPaid(settlementOf(after)) && !(wasLive && isPaid(settlementOf(before)))) out.push({ type: 'invoice.paid', key: `invoice.paid:${after.invoiceId}:${recorded.eventId}`, documentKey: doc, occurredAt: at, data: invoiceData(after) });
  return out;
};

/**
 * Turns invoice events into webhook events (invoice.issued and .paid, payment.recorded and
 * .refunded, credit_note.issued), queued in the transaction that moves this reactor's checkpoint:
 * delivered at least once, never made twice by a replay. Keeps its own fold of each invoice, as of
 * its checkpoint, to see when one becomes issued or paid.
 */
export const webhookInvoiceReactor = (clock: () => Date): Reactor => ({
  name: 'webhooks_invoices',
  eventTypes: INVOICE_EVENT_TYPES,
  handle: async (trx: Knex.Transaction, events: RecordedEvent[]) => {
    const decoded = events.map((recorded) => ({ recorded, event: decodeInvoiceEvent(recorded) }));
    const ids = invoicesContinued(decoded.map((d) => d.event));
    const states = new Map<string, InvoiceState>();
    if (ids.length) {
      const rows = (await trx(STATE_TABLE).whereIn('invoice_id', ids).select('invoice_id', 'state')) as Array<{ invoice_id: string; state: string }>;
      for (const r of rows) states.set(r.invoice_id, JSON.parse(r.state) as InvoiceState);
    }
    const out: WebhookEvent[] = [];
    for (const { recorded, event } of decoded) {
      const before = states.get(event.data.invoiceId) ?? initialState();
      const after = evolve(before, event);
      states.set(event.data.invoiceId, after);
      out.push(...eventsOf(recorded, event, before, after));
    }
    const rows = [...states].map(([invoiceId, state]) => ({ invoice_id: invoiceId, state: JSON.stringify(state) }));
    for (let i = 0; i < rows.length; i += 500) await trx(STATE_TABLE).insert(rows.slice(i, i + 500)).onConflict('invoice_id').merge();
    await enqueueWebhooks(trx, out, clock());
  },
});
