import type { Knex } from 'knex';
import type { InvoiceData } from '../../domain/invoice/invoice';
import { isPaid, settlementOf } from '../../domain/invoice/invoice';
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
