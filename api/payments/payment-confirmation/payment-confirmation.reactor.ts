import type { Knex } from 'knex';
import type { InvoiceEvent } from '../../../domain/invoice/events';
import type { RecordedEvent } from '../../../eventstore/event-store';
import { renderMail } from '../../mail/branded-mail';
import { mailCompanyOf } from '../../mail/mail-company';
import { enqueueMail } from '../../mail/outbox';
import { mailLanguage } from '../../billing/client-user.mail';
import type { Reactor } from '../../../projections/projection';
import { confirmationMail } from './confirmation-mail';

export const PAYMENT_CONFIRMATION_REACTOR = 'payment_confirmation_mail';

interface InvoiceRow {
  invoice_id: string;
  invoice_number: string;
  client_id: string;
}

/**
 * Sends the client one confirmation e-mail per card payment. The mail is queued in the outbox
 * inside the reactor's checkpoint transaction with the event id as key: at most once per event.
 * What it remembers of invoices is written once per batch (before a payment reads it).
 */
export const paymentConfirmationReactor: Reactor = {
  name: PAYMENT_CONFIRMATION_REACTOR,
  eventTypes: ['InvoiceIssued', 'InvoiceEdited', 'PaymentRecorded'],
  handle: async (trx, events: RecordedEvent[]) => {
    const remembered = new Map<string, InvoiceRow>();
    const flush = async () => {
      if (remembered.size === 0) return;
      await trx('payment_confirmation_invoices').insert([...remembered.values()]).onConflict('invoice_id').merge();
      remembered.clear();
    };
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as InvoiceEvent;
      switch (event.type) {
        case 'InvoiceIssued':
        case 'InvoiceEdited': {
          const d = event.data;
          remembered.set(d.invoiceId, { invoice_id: d.invoiceId, invoice_number: d.invoiceNumber, client_id: d.clientId });
          break;
        }
        case 'PaymentRecorded': {
          // Manual marks are the admin's own bookkeeping; the spec confirms card payments.
          if (event.data.method !== 'stripe') break;
          await flush();
          await confirm(trx, recorded.eventId, event.data);
          break;
        }
        case 'InvoiceSent':
        case 'InvoiceVoided':
        case 'InvoiceCredited':
        case 'PaymentRefunded':
        case 'RefundFailed':
        case 'PaymentDisputed':
        case 'DisputeClosed':
        case 'GatewayFeeCharged':
        case 'CreditTransferred':
          break;
        default: {
          const exhaustive: never = event;
          return exhaustive;
        }
      }
    }
    await flush();
  },
};

const confirm = async (trx: Knex.Transaction, eventId: string, d: Extract<InvoiceEvent, { type: 'PaymentRecorded' }>['data']): Promise<void> => {
  const invoice = await trx('payment_confirmation_invoices').where({ invoice_id: d.invoiceId }).first();
  const client = invoice && (await trx('clients').where({ id: invoice.client_id }).first('name', 'email', 'language'));
  if (!client?.email) return;
  const { subject, content } = confirmationMail({
    language: client.language,
    clientName: client.name,
    invoiceNumber: invoice.invoice_number,
    amountCents: d.amountCents,
    date: d.date,
    reference: d.reference,
  }, await mailCompanyOf(trx, mailLanguage(client.language)));
  await enqueueMail(trx, { key: `payment-confirmation:${eventId}`, to: client.email, subject, ...(await renderMail(content)) });
};
