import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { EventStore, ExpectedRevision, AppendResult, RecordedEvent } from '../../eventstore/event-store';
import { invoiceStreamId, type InvoiceEvent } from '../../domain/invoice/events';
import { evolve, initialState, type InvoiceState } from '../../domain/invoice/invoice';
import { asInvoiceEvent, evolveInvoiceList, type InvoiceListRow } from '../../projections/invoices/invoice-list';

export const INVOICE_SCHEMA_VERSION = 1;

const PAYMENT_EVENT_NAMESPACE = '9d2f6c1e-3b7a-4e58-8c0d-6a1f2e4b7c93';

/**
 * A PaymentRecorded event's id is derived from its payment id (itself derived from the Stripe
 * payment intent or the manual mark), so a re-delivered payment is the same event to the store too.
 */
export const paymentEventId = (paymentId: string): string => uuidv5(`payment-recorded:${paymentId}`, PAYMENT_EVENT_NAMESPACE);

const eventIdOf = (e: InvoiceEvent): string => (e.type === 'PaymentRecorded' ? paymentEventId(e.data.paymentId) : randomUUID());

export interface LoadedInvoice {
  state: InvoiceState;
  /** Revision of the stream's last event, or 'no_stream'. */
  revision: ExpectedRevision;
  events: RecordedEvent[];
}

/** Reads and writes invoice streams; the only place that knows their naming and metadata. */
export class InvoiceRepository {
  constructor(private readonly store: EventStore) {}

  async load(invoiceId: string): Promise<LoadedInvoice> {
    const events = await this.store.readStream(invoiceStreamId(invoiceId));
    const state = events.map(asInvoiceEvent).reduce(evolve, initialState());
    const revision = events.length === 0 ? 'no_stream' : events[events.length - 1]!.streamRevision;
    return { state, revision, events };
  }

  append(
    invoiceId: string,
    events: InvoiceEvent[],
    expectedRevision: ExpectedRevision,
    meta: { actor: string; correlationId?: string },
  ): Promise<AppendResult> {
    return this.store.append(
      invoiceStreamId(invoiceId),
      events.map((e) => ({
        eventId: eventIdOf(e),
        type: e.type,
        data: e.data,
        metadata: { actor: meta.actor, correlationId: meta.correlationId, schemaVersion: INVOICE_SCHEMA_VERSION },
      })),
      { expectedRevision },
    );
  }

  /** The invoice as the list shows it, straight from its stream (no wait on the projection). */
  async view(invoiceId: string): Promise<InvoiceListRow | null> {
    const events = await this.store.readStream(invoiceStreamId(invoiceId));
    return events.reduce<InvoiceListRow | null>(evolveInvoiceList, null);
  }
}
