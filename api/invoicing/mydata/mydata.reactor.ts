import type { Knex } from 'knex';
import { INVOICE_EVENT_TYPES } from '../../../domain/invoice/events';
import { decodeInvoiceEvent } from '../../../domain/invoice/stream';
import type { Reactor } from '../../../projections/projection';
import { ISSUER_COUNTRY } from '../../../domain/tax/mydata/invoice-type';

/**
 * Puts each document a company in Greece must transmit to myDATA in the outbox, in the transaction
 * that moves this reactor's checkpoint: an invoice when it is issued (first sent, or paid while a
 * draft), a credit note when it is written. Keyed by the document, so a replay or a second worker
 * adds nothing; the dispatcher (./mydata-dispatcher.ts) transmits. A company elsewhere transmits
 * nothing: the country is read when the document is issued.
 */
export const mydataReactor: Reactor = {
  name: 'mydata_outbox',
  eventTypes: INVOICE_EVENT_TYPES,
  handle: async (trx, events) => {
    const rows: Array<{ document_id: string; kind: string; invoice_id: string; number?: string; issue_date?: string }> = [];
    for (const recorded of events) {
      const event = decodeInvoiceEvent(recorded);
      if (event.type === 'InvoiceSent' || event.type === 'PaymentRecorded') rows.push({ document_id: event.data.invoiceId, kind: 'invoice', invoice_id: event.data.invoiceId });
      if (event.type === 'InvoiceCredited') rows.push({ document_id: event.data.creditNoteId, kind: 'credit_note', invoice_id: event.data.invoiceId, number: event.data.creditNoteNumber, issue_date: event.data.date });
    }
    if (rows.length === 0 || !(await transmitsToMyData(trx))) return;
    await trx('mydata_documents').insert(rows).onConflict('document_id').ignore();
  },
};

/** Whether the company is one myDATA takes documents from: established in Greece. */
export const transmitsToMyData = async (db: Knex): Promise<boolean> => ((await db('company_settings').where({ id: 1 }).first('country')) as { country?: string } | undefined)?.country === ISSUER_COUNTRY;
