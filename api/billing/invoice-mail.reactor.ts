import type { Knex } from 'knex';
import { invoiceStreamId, type InvoiceSent } from '../../domain/invoice/events';
import { foldInvoice } from '../../domain/invoice/invoice';
import { formatEuros } from '../../domain/shared/money';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { Reactor } from '../../projections/projection';
import { asInvoiceEvent } from '../../projections/invoices/invoice-list';
import { attachment, enqueueMail } from '../mail/outbox';
import { buildInvoiceDocument } from './invoice-document';
import { invoiceMail } from './invoice-mail.texts';

/**
 * The invoice as it stood at the event, read in the reactor's own transaction. PGlite is one
 * connection, so the store's pooled reads would wait forever here; the PostgreSQL adapter's
 * `events` table is read directly instead (the only event store this build runs).
 */
const invoiceAt = async (trx: Knex, event: RecordedEvent) => {
  const rows: { type: string; data: unknown }[] = await trx('events')
    .where({ stream_id: invoiceStreamId((event.data as InvoiceSent['data']).invoiceId) })
    .where('stream_revision', '<=', event.streamRevision)
    .orderBy('stream_revision')
    .select('type', 'data');
  return foldInvoice(rows.map((r) => asInvoiceEvent({ type: r.type, data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data } as RecordedEvent)));
};

const dayText = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * E-mails the invoice PDF for each InvoiceSent. The mail is queued in the transaction that moves
 * this reactor's checkpoint, keyed by the event id: a crash or a replay never sends it twice.
 */
export const invoiceMailReactor: Reactor = {
  name: 'invoice_mail',
  eventTypes: ['InvoiceSent'],
  handle: async (trx, event) => {
    const sent = event.data as InvoiceSent['data'];
    const state = await invoiceAt(trx, event);
    if (state.status === 'empty') return;
    const payUrl = sent.payUrl ?? `/pay-invoice/${sent.invoiceId}`;
    const doc = await buildInvoiceDocument(trx, state, payUrl);
    const message = invoiceMail(doc.data.language, {
      clientName: doc.data.buyer.name,
      invoiceNumber: state.invoiceNumber,
      total: formatEuros(state.totals.grossCents),
      dueDate: dayText(state.dueDate),
      payUrl,
      company: doc.data.seller.name,
    });
    await enqueueMail(trx, {
      key: `invoice-sent:${event.eventId}`,
      to: sent.to,
      ...message,
      attachments: [attachment(doc.filename, 'application/pdf', doc.pdf)],
    });
  },
};
