import type { Knex } from 'knex';
import { INVOICE_EVENT_TYPES, type InvoiceEvent, type InvoiceSent } from '../../domain/invoice/events';
import { evolve, initialState, invoicesContinued, openCents, type InvoiceState } from '../../domain/invoice/invoice';
import { decodeInvoiceEvent } from '../../domain/invoice/stream';
import { formatAmount } from '../../domain/shared/money';
import type { RecordedEvent } from '../../eventstore/event-store';
import type { Reactor } from '../../projections/projection';
import { renderMail } from '../platform/mail/branded-mail';
import { mailCompanyOf } from '../company';
import { attachment, enqueueMail } from '../platform/mail/outbox';
import { mailLanguage } from '../platform/mail/language';
import { buildInvoiceDocument, creditNotePrintableOf, withPdf } from './invoice-document';
import { evolveCreditNote } from '../../projections/credit-notes/credit-notes';
import { creditNoteMail, invoiceMail, mailDay } from './invoice-mail.texts';
import { renderUbl, UBL_MEDIA_TYPE, ublFilename } from './einvoice/ubl';

/**
 * The reactor keeps its own copy of each invoice's state (folded in event order, in its own
 * transaction), so at an InvoiceSent it holds the invoice exactly as it stood then, whatever the
 * event store adapter and however far the read models are.
 */
const STATE_TABLE = 'invoice_mail_state';

interface Remembered {
  state: InvoiceState;
  /** The pay link it was last sent with; undefined when not read (an invoice first seen at its issue). */
  payUrl: string | null | undefined;
  /** Sent during this batch: the pay link is written too. */
  sentNow: boolean;
}

/** The reactor's fold of the batch's invoices: read once each, written once per batch. */
class MailStates {
  private readonly states = new Map<string, Remembered>();

  constructor(private readonly trx: Knex) {}

  /** Reads, in one statement, the invoices the batch's events continue (see invoicesContinued). */
  async load(events: readonly InvoiceEvent[]): Promise<void> {
    const ids = invoicesContinued(events);
    if (!ids.length) return;
    const rows = (await this.trx(STATE_TABLE).whereIn('invoice_id', ids).select('invoice_id', 'state', 'pay_url')) as Array<{ invoice_id: string; state: unknown; pay_url: string | null }>;
    for (const row of rows) this.states.set(row.invoice_id, { state: (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as InvoiceState, payUrl: row.pay_url ?? null, sentNow: false });
  }

  /** The invoice after the event, and the pay link it was last sent with (null before any send). */
  advance(event: InvoiceEvent): { state: InvoiceState; payUrl: string | null } {
    const invoiceId = event.data.invoiceId;
    const known = this.states.get(invoiceId);
    const state = evolve(known?.state ?? initialState(), event);
    const sent = event.type === 'InvoiceSent';
    const payUrl = sent ? (event.data.payUrl ?? null) : known?.payUrl;
    this.states.set(invoiceId, { state, payUrl, sentNow: sent || (known?.sentNow ?? false) });
    return { state, payUrl: payUrl ?? null };
  }

  async write(): Promise<void> {
    const rows = [...this.states].map(([invoiceId, r]) => ({ invoice_id: invoiceId, state: JSON.stringify(r.state), ...(r.sentNow ? { pay_url: r.payUrl ?? null } : {}) }));
    // The pay link only where a send set it, as one statement per shape.
    for (const shape of [rows.filter((r) => 'pay_url' in r), rows.filter((r) => !('pay_url' in r))]) {
      if (shape.length > 0) await this.trx(STATE_TABLE).insert(shape).onConflict('invoice_id').merge();
    }
  }
}

/**
 * A credit note on an invoice the client was sent goes to the client too, with its PDF and its
 * EN 16931 credit note: the buyer books it against the invoice. Keyed by the event, sent once.
 */
const mailCreditNote = async (trx: Knex, event: RecordedEvent, state: Exclude<InvoiceState, { status: 'empty' }>, sentPayUrl: string | null) => {
  if (!state.sent) return;
  const client: { email: string } | undefined = await trx('clients').where({ id: state.clientId }).first('email');
  if (!client?.email) return;
  const note = evolveCreditNote(null, event)!;
  const doc = await withPdf(await creditNotePrintableOf(trx, note, state.parties));
  const open = openCents(state);
  const { subject, content } = creditNoteMail(
    doc.language,
    {
      clientName: doc.document.buyer.name,
      creditNoteNumber: note.credit_note_number,
      invoiceNumber: note.invoice_number,
      credited: formatAmount(Number(note.gross_cents), state.fx?.currency ?? 'EUR', doc.language),
      reason: note.reason,
      stillOwed: open > 0 ? formatAmount(open, state.fx?.currency ?? 'EUR', doc.language) : null,
      payUrl: sentPayUrl ?? `/pay-invoice/${state.invoiceId}`,
    },
    await mailCompanyOf(trx, mailLanguage(doc.language)),
  );
  await enqueueMail(trx, {
    key: `credit-note:${event.eventId}`,
    to: client.email,
    subject,
    ...(await renderMail(content, subject)),
    attachments: [attachment(doc.filename, 'application/pdf', doc.pdf), attachment(ublFilename(doc.document), UBL_MEDIA_TYPE, Buffer.from(renderUbl(doc.document, doc.paymentReference, doc.mydata?.mark), 'utf8'))],
  });
};

/**
 * E-mails the invoice PDF for each InvoiceSent. The mail is queued in the transaction that moves
 * this reactor's checkpoint, keyed by the event id: a crash or a replay never sends it twice.
 */
export const invoiceMailReactor: Reactor = {
  name: 'invoice_mail',
  eventTypes: INVOICE_EVENT_TYPES,
  handle: async (trx, events) => {
    const states = new MailStates(trx);
    const decoded = events.map((recorded) => ({ recorded, event: decodeInvoiceEvent(recorded) }));
    await states.load(decoded.map((d) => d.event));
    for (const { recorded, event } of decoded) {
      const { state, payUrl } = states.advance(event);
      if (state.status === 'empty') continue;
      if (event.type === 'InvoiceCredited') await mailCreditNote(trx, recorded, state, payUrl);
      if (event.type === 'InvoiceSent') await mailInvoice(trx, recorded.eventId, event.data, state);
    }
    await states.write();
  },
};

const mailInvoice = async (trx: Knex, eventId: string, sent: InvoiceSent['data'], state: Exclude<InvoiceState, { status: 'empty' }>) => {
  const payUrl = sent.payUrl ?? `/pay-invoice/${sent.invoiceId}`;
  const doc = await buildInvoiceDocument(trx, state, payUrl);
  const { subject, content } = invoiceMail(
    doc.language,
    {
      clientName: doc.document.buyer.name,
      invoiceNumber: state.invoiceNumber,
      total: formatAmount(state.totals.grossCents, state.fx?.currency ?? 'EUR', doc.language),
      dueDate: mailDay(state.dueDate),
      payUrl,
      settled: openCents(state) <= 0,
    },
    await mailCompanyOf(trx, mailLanguage(doc.language)),
  );
  await enqueueMail(trx, {
    key: `invoice-sent:${eventId}`,
    to: sent.to,
    subject,
    ...(await renderMail(content, subject)),
    // The PDF for people, the EN 16931 e-invoice for the buyer's procurement system.
    attachments: [attachment(doc.filename, 'application/pdf', doc.pdf), attachment(ublFilename(doc.document), UBL_MEDIA_TYPE, Buffer.from(renderUbl(doc.document, doc.paymentReference, doc.mydata?.mark), 'utf8'))],
  });
};
