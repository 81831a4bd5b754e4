import type { Knex } from 'knex';
import type { InvoiceData } from '../../domain/invoice/invoice';
import { isPaid, settlementOf } from '../../domain/invoice/invoice';
import { NotFoundError } from '../../domain/shared/errors';
import type { CreditNoteRow } from '../../projections/credit-notes/credit-notes';
import { parseJson } from '../../projections/invoices/invoice-list';
import { readCompanySettings } from './company-settings.service';
import { renderInvoicePdf, type InvoicePdfData } from './invoice-pdf';

export interface InvoiceDocument {
  pdf: Buffer;
  filename: string;
  data: InvoicePdfData;
}

export const payUrlOf = (publicBaseUrl: string, invoiceId: string): string => `${publicBaseUrl}/pay-invoice/${invoiceId}`;

/**
 * Gathers seller (company_settings), buyer (clients) and the invoice, and renders the PDF. Takes
 * any knex handle, so the mail reactor can run it inside its own transaction.
 */
export const buildInvoiceDocument = async (db: Knex, invoice: InvoiceData, payUrl: string): Promise<InvoiceDocument> => {
  const [seller, client] = [await readCompanySettings(db), await db('clients').where({ id: invoice.clientId }).first()];
  const data: InvoicePdfData = {
    invoiceId: invoice.invoiceId,
    invoiceNumber: invoice.invoiceNumber,
    date: invoice.date,
    dueDate: invoice.dueDate,
    lines: invoice.lines,
    totals: invoice.totals,
    paid: isPaid(settlementOf(invoice)),
    period: invoice.period && { start: invoice.period.start, end: invoice.period.end },
    seller,
    buyer: {
      name: client?.name ?? '',
      address: client?.address ?? '',
      email: client?.email ?? '',
      vat_number: client?.vat_number ?? '',
    },
    payUrl,
    language: client?.language ?? 'en',
  };
  const safe = invoice.invoiceNumber.replace(/[^\w.-]+/g, '_');
  return { pdf: await renderInvoicePdf(data), filename: `invoice-${safe}.pdf`, data };
};

/** A credit note's PDF: the same document with the credit note's number, lines and reference. */
export const buildCreditNoteDocument = async (db: Knex, creditNoteId: string): Promise<InvoiceDocument> => {
  const note: CreditNoteRow | undefined = await db('credit_notes').where({ id: creditNoteId }).first();
  if (!note) throw new NotFoundError('Credit note not found.');
  const [seller, client] = [await readCompanySettings(db), await db('clients').where({ id: note.client_id }).first()];
  const data: InvoicePdfData = {
    invoiceId: note.invoice_id,
    invoiceNumber: note.credit_note_number,
    date: note.date,
    dueDate: note.date,
    lines: parseJson(note.lines) as CreditNoteRow['lines'],
    totals: { netCents: Number(note.net_cents), vatCents: Number(note.vat_cents), grossCents: Number(note.gross_cents) },
    paid: false,
    period: null,
    seller,
    buyer: { name: client?.name ?? '', address: client?.address ?? '', email: client?.email ?? '', vat_number: client?.vat_number ?? '' },
    payUrl: '',
    language: client?.language ?? 'en',
    creditNote: { invoiceNumber: note.invoice_number, invoiceDate: note.invoice_date, reason: note.reason },
  };
  const safe = note.credit_note_number.replace(/[^\w.-]+/g, '_');
  return { pdf: await renderInvoicePdf(data), filename: `credit-note-${safe}.pdf`, data };
};
