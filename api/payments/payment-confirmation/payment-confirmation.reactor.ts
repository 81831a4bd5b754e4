import type { Knex } from 'knex';
import { INVOICE_EVENT_TYPES, type InvoiceEvent } from '../../../domain/invoice/events';
import { evolve, initialState, invoicesContinued, openCents, type InvoiceState } from '../../../domain/invoice/invoice';
import { decodeInvoiceEvent } from '../../../domain/invoice/stream';
import type { RecordedEvent } from '../../../eventstore/event-store';
import type { Reactor } from '../../../projections/projection';
import type { Config } from '../../platform/config';
import { payUrlOf } from '../../invoicing';
import { mailLanguage } from '../../platform/mail/language';
import { renderMail } from '../../platform/mail/branded-mail';
import { mailCompanyOf } from '../../company';
import { enqueueMail } from '../../platform/mail/outbox';
import { confirmationMail } from './confirmation-mail';

export const PAYMENT_CONFIRMATION_REACTOR = 'payment_confirmation_mail';
const STATE_TABLE = 'payment_confirmation_invoices';

/**
 * The reactor's own fold of each invoice (in event order, in its own transaction): at a payment it
 * knows what is still open right after it, however far the read models are. Read once per invoice
 * and written once per batch.
 */
class InvoiceStates {
  private readonly states = new Map<string, InvoiceState>();

  constructor(private readonly trx: Knex) {}

  /** Reads, in one statement, the invoices the batch's events continue (see invoicesContinued). */
  async load(events: readonly InvoiceEvent[]): Promise<void> {
    const ids = invoicesContinued(events);
    if (!ids.length) return;
    const rows = (await this.trx(STATE_TABLE).whereIn('invoice_id', ids).select('invoice_id', 'state')) as Array<{ invoice_id: string; state: unknown }>;
    for (const row of rows) if (row.state) this.states.set(row.invoice_id, (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as InvoiceState);
  }

  advance(event: InvoiceEvent): InvoiceState {
    const invoiceId = event.data.invoiceId;
    const state = evolve(this.states.get(invoiceId) ?? initialState(), event);
    this.states.set(invoiceId, state);
    return state;
  }

  async write(): Promise<void> {
    const rows = [...this.states].map(([invoiceId, state]) => ({ invoice_id: invoiceId, state: JSON.stringify(state) }));
    if (rows.length > 0) await this.trx(STATE_TABLE).insert(rows).onConflict('invoice_id').merge();
  }
}

/**
 * Sends the client one confirmation e-mail per card payment: what was paid and, when something is
 * still open after it, how much with a Pay now button. The mail is queued in the outbox inside the
 * reactor's checkpoint transaction with the event id as key: at most once per event.
 */
export const paymentConfirmationReactor = (config: Pick<Config, 'publicBaseUrl'>): Reactor => ({
  name: PAYMENT_CONFIRMATION_REACTOR,
  eventTypes: INVOICE_EVENT_TYPES,
  handle: async (trx, events: RecordedEvent[]) => {
    const states = new InvoiceStates(trx);
    const decoded = events.map((recorded) => ({ recorded, event: decodeInvoiceEvent(recorded) }));
    await states.load(decoded.map((d) => d.event));
    for (const { recorded, event } of decoded) {
      const state = states.advance(event);
      // Manual marks are the admin's own bookkeeping; the spec confirms card payments.
      if (event.type !== 'PaymentRecorded' || event.data.method !== 'stripe' || state.status === 'empty') continue;
      await confirm(trx, recorded.eventId, event.data, state, config.publicBaseUrl);
    }
    await states.write();
  },
});

const confirm = async (
  trx: Knex.Transaction,
  eventId: string,
  d: Extract<InvoiceEvent, { type: 'PaymentRecorded' }>['data'],
  state: Exclude<InvoiceState, { status: 'empty' }>,
  publicBaseUrl: string,
): Promise<void> => {
  const client = await trx('clients').where({ id: state.clientId }).first('name', 'email', 'language');
  if (!client?.email) return;
  // A deleted invoice asks for nothing more: the payment is the client's credit.
  const open = state.status === 'voided' ? 0 : openCents(state);
  const { subject, content } = confirmationMail(
    {
      language: client.language,
      clientName: client.name,
      invoiceNumber: state.invoiceNumber,
      amountCents: d.amountCents,
      date: d.date,
      reference: d.reference,
      openCents: open,
      payUrl: payUrlOf(publicBaseUrl, state.invoiceId),
    },
    await mailCompanyOf(trx, mailLanguage(client.language)),
  );
  await enqueueMail(trx, { key: `payment-confirmation:${eventId}`, to: client.email, subject, ...(await renderMail(content, subject)) });
};
