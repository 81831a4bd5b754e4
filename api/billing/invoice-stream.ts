import { requestedPostingDays } from '../../domain/accounting/posting-dates';
import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { EventStore } from '../../eventstore/event-store';
import { invoiceStreamId, type InvoiceEvent } from '../../domain/invoice/events';
import { evolve, initialState, type InvoiceState } from '../../domain/invoice/invoice';
import { asInvoiceEvent, evolveInvoiceList, type InvoiceListRow } from '../../projections/invoices/invoice-list';
import type { StreamModel } from '../commands/command-handler';

export const INVOICE_SCHEMA_VERSION = 1;

const PAYMENT_EVENT_NAMESPACE = '9d2f6c1e-3b7a-4e58-8c0d-6a1f2e4b7c93';

/**
 * A PaymentRecorded event's id is derived from its payment id (itself derived from the Stripe
 * payment intent or the manual mark), so a re-delivered payment is the same event to the store too.
 */
export const paymentEventId = (paymentId: string): string => uuidv5(`payment-recorded:${paymentId}`, PAYMENT_EVENT_NAMESPACE);

const eventIdOf = (e: InvoiceEvent): string => (e.type === 'PaymentRecorded' ? paymentEventId(e.data.paymentId) : randomUUID());

/** Invoice streams (`invoice-<id>`) for the command handler: fold, and the events' envelope. */
export const invoiceModel: StreamModel<InvoiceState, InvoiceEvent> = {
  initialState,
  evolve,
  fromRecorded: asInvoiceEvent,
  toNew: (e, actor) => ({ eventId: eventIdOf(e), type: e.type, data: e.data, metadata: { actor, schemaVersion: INVOICE_SCHEMA_VERSION } }),
  postingDays: requestedPostingDays,
};

/**
 * The invoice as the list shows it once `events` started its stream, folded as viewInvoice folds
 * what it reads back: a create answers without reading the stream it has just written.
 */
export const viewStarted = (events: InvoiceEvent[], recordedAt: string): InvoiceListRow | null =>
  events.reduce<InvoiceListRow | null>((row, e, streamRevision) => evolveInvoiceList(row, { type: e.type, data: e.data, streamRevision, metadata: { recordedAt } }), null);

/** The invoice as the list shows it, straight from its stream (no wait on the projection). */
export const viewInvoice = async (store: EventStore, invoiceId: string): Promise<InvoiceListRow | null> => {
  const events = await store.readStream(invoiceStreamId(invoiceId));
  return events.reduce<InvoiceListRow | null>(evolveInvoiceList, null);
};
