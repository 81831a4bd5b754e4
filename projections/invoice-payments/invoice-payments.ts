import type { Knex } from 'knex';
import type { PaymentRecorded } from '../../domain/invoice/events';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { Projection } from '../projection';

/** One row per recorded payment: the payments of an invoice (admin, GraphQL) read it. */
export interface InvoicePaymentRow {
  payment_id: string;
  invoice_id: string;
  amount_cents: number;
  date: string;
  method: PaymentRecorded['data']['method'];
  reference: string | null;
  actor: string;
  recorded_at: string;
}

export const paymentRowOf = (event: RecordedEvent): InvoicePaymentRow => {
  const d = (event as RecordedEvent<'PaymentRecorded', PaymentRecorded['data']>).data;
  return {
    payment_id: d.paymentId,
    invoice_id: d.invoiceId,
    amount_cents: d.amountCents,
    date: d.date,
    method: d.method,
    reference: d.reference,
    actor: event.metadata.actor,
    recorded_at: event.metadata.recordedAt,
  };
};

export const invoicePaymentsProjection: Projection = {
  name: 'invoice_payments',
  eventTypes: ['PaymentRecorded'],
  tables: ['invoice_payments'],
  apply: async (trx, events) => {
    if (events.length === 0) return;
    // The invoice aggregate never records one payment id twice; the key makes that hold here too.
    await trx('invoice_payments').insert(events.map(paymentRowOf)).onConflict('payment_id').ignore();
  },
};

export const paymentsOfInvoices = async (db: Knex, invoiceIds: string[]): Promise<InvoicePaymentRow[]> =>
  invoiceIds.length === 0
    ? []
    : db('invoice_payments').whereIn('invoice_id', invoiceIds).orderBy([{ column: 'recorded_at' }, { column: 'payment_id' }]);
