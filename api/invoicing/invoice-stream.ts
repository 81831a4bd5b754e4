import { requestedPostingDays } from '../../domain/accounting/posting-dates';
import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { EventStore, RecordedEvent } from '../../eventstore/event-store';
import { INVOICE_SCHEMA_VERSION, invoiceStreamId, type InvoiceEvent } from '../../domain/invoice/events';
import type { InvoiceState } from '../../domain/invoice/invoice';
import { invoiceStream } from '../../domain/invoice/stream';
import { evolveInvoiceList, type InvoiceListRow } from '../../projections/invoices/invoice-list';
import type { StreamModel } from '../write/command-handler';

const PAYMENT_EVENT_NAMESPACE = '9d2f6c1e-3b7a-4e58-8c0d-6a1f2e4b7c93';

/**
 * A PaymentRecorded event's id is derived from its payment id (itself derived from the Stripe
 * payment intent or the manual mark), so a re-delivered payment is the same event to the store too.
 */
export const paymentEventId = (paymentId: string): string => uuidv5(`payment-recorded:${paymentId}`, PAYMENT_EVENT_NAMESPACE);

const eventIdOf = (e: InvoiceEvent): string => (e.type === 'PaymentRecorded' ? paymentEventId(e.data.paymentId) : randomUUID());

/** Invoice streams (`invoice-<id>`) for the command handler: the domain's stream model, and the events' envelope. */
export const invoiceModel: StreamModel<InvoiceState, InvoiceEvent> = {
  initialState: invoiceStream.initialState,
  evolve: invoiceStream.evolve,
  fromRecorded: invoiceStream.decode,
  toNew: (e, actor) => ({ eventId: eventIdOf(e), type: e.type, data: e.data, metadata: { actor, schemaVersion: INVOICE_SCHEMA_VERSION } }),
  postingDays: requestedPostingDays,
};

/**
 * The invoice as the list shows it once `events` started its stream, folded as viewInvoice folds
 * what it reads back: a create answers without reading the stream it has just written.
 */
export const viewStarted = (events: InvoiceEvent[], recordedAt: string): InvoiceListRow | null => viewAfter([], events, recordedAt);

/**
 * The invoice as the list shows it after a command: the stream it loaded, then the events it
 * appended (recorded now). What a command answers when reading the stream back fails.
 */
export const viewAfter = (loaded: RecordedEvent[], events: InvoiceEvent[], recordedAt: string): InvoiceListRow | null => {
  const next = loaded.length === 0 ? 0 : loaded[loaded.length - 1]!.streamRevision + 1;
  return events.reduce<InvoiceListRow | null>(
    (row, e, i) => evolveInvoiceList(row, { type: e.type, data: e.data, streamRevision: next + i, metadata: { recordedAt } }),
    loaded.reduce<InvoiceListRow | null>(evolveInvoiceList, null),
  );
};

/** The invoice as the list shows it, straight from its stream (no wait on the projection). */
export const viewInvoice = async (store: EventStore, invoiceId: string): Promise<InvoiceListRow | null> => {
  const events = await store.readStream(invoiceStreamId(invoiceId));
  return events.reduce<InvoiceListRow | null>(evolveInvoiceList, null);
};
