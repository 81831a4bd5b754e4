import type { Knex } from 'knex';
import { buildBillingDocument, type BillingDocument } from '../../domain/einvoice/document';
import type { PayeeAccount } from '../../domain/invoice/events';
import type { InvoiceData } from '../../domain/invoice/invoice';
import { isIssued, isPaid, settlementOf } from '../../domain/invoice/invoice';
import type { DocumentParties } from '../../domain/invoice/vat';
import { NotFoundError } from '../../domain/shared/errors';
import type { CreditNoteRow } from '../../projections/credit-notes/credit-notes';
import { parseJson } from '../../projections/invoices/invoice-list';
import { normalRate } from '../../domain/currency/rate';
import { readCompanySettings, readParties } from '../company';
import { renderInvoicePdf } from './invoice-pdf';
import { paymentReferenceOf } from './payment-reference';
import type { PrintableDocument } from './printable-document';
import { myDataMarkOf } from './mydata/transmissions';

export interface InvoiceDocument extends PrintableDocument {
  pdf: Buffer;
  filename: string;
}

export const payUrlOf = (publicBaseUrl: string, invoiceId: string): string => `${publicBaseUrl}/pay-invoice/${invoiceId}`;

const safeName = (number: string) => number.replace(/[^\w.-]+/g, '_');

/**
 * Seller and buyer as the document was written, and the bank account an issued invoice was sent
 * with; documents from before those were kept (and drafts, for the account) name them as they are
 * now. Contact details are the company's current ones.
 */
const context = async (db: Knex, clientId: string, kept: DocumentParties | null | undefined, payee?: PayeeAccount) => {
  const [company, client, parties] = [
    await readCompanySettings(db),
    await db('clients').where({ id: clientId }).first('email', 'language'),
    kept ?? (await readParties(db, clientId)),
  ];
  return {
    parties,
    contact: { sellerEmail: company.email, sellerPhone: company.phone, buyerEmail: client?.email ?? '' },
    bank: payee ?? { iban: company.iban, bic: company.bic },
    language: (client?.language as string | undefined) ?? 'en',
  };
};

/** The invoice as a document of record. Takes any knex handle, so the mail reactor can run it in its own transaction. */
export const invoicePrintable = async (db: Knex, invoice: InvoiceData, payUrl: string): Promise<PrintableDocument> => {
  const { language, ...ctx } = await context(db, invoice.clientId, invoice.parties, invoice.payee);
  const document = buildBillingDocument({
    kind: 'invoice',
    id: invoice.invoiceId,
    number: invoice.invoiceNumber,
    date: invoice.date,
    dueDate: invoice.dueDate,
    lines: invoice.lines,
    totals: invoice.totals,
    paidCents: invoice.paidCents,
    period: invoice.period,
    ...(invoice.fx ? { fx: invoice.fx } : {}),
    ...ctx,
  });
  const paymentReference = paymentReferenceOf({ issued: isIssued(invoice), invoiceNumber: invoice.invoiceNumber });
  return { document, language, paid: isPaid(settlementOf(invoice)), payUrl, paymentReference, mydata: await myDataMarkOf(db, invoice.invoiceId) };
};

/** A credit note as a document of record; `parties` are its invoice's (kept with the invoice stream). */
export const creditNotePrintable = async (db: Knex, creditNoteId: string, parties: DocumentParties | null): Promise<PrintableDocument> => {
  const note: CreditNoteRow | undefined = await db('credit_notes').where({ id: creditNoteId }).first();
  if (!note) throw new NotFoundError('Credit note not found.');
  return creditNotePrintableOf(db, note, parties);
};

/** The same from the credit note's facts (the read model's row, or its event's as the mail reactor has them). */
export const creditNotePrintableOf = async (db: Knex, note: CreditNoteRow, parties: DocumentParties | null): Promise<PrintableDocument> => {
  const { language, ...ctx } = await context(db, note.client_id, parties);
  const document = buildBillingDocument({
    kind: 'credit_note',
    id: note.id,
    number: note.credit_note_number,
    date: note.date,
    dueDate: null,
    lines: parseJson(note.lines) as CreditNoteRow['lines'],
    totals: { netCents: Number(note.net_cents), vatCents: Number(note.vat_cents), grossCents: Number(note.gross_cents) },
    paidCents: 0,
    period: null,
    precedingInvoice: { number: note.invoice_number, date: note.invoice_date },
    reason: note.reason,
    // In its invoice's currency, its VAT in euros at its invoice's rate.
    ...(note.exchange_rate && note.rate_date ? { fx: { currency: note.currency, rate: normalRate(note.exchange_rate), rateDate: note.rate_date } } : {}),
    ...ctx,
  });
  return { document, language, paid: false, payUrl: '', mydata: await myDataMarkOf(db, note.id) };
};

export const pdfFilename = (document: BillingDocument): string =>
  `${document.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${safeName(document.number)}.pdf`;

export const withPdf = async (printable: PrintableDocument): Promise<InvoiceDocument> => ({
  ...printable,
  pdf: await renderInvoicePdf(printable),
  filename: pdfFilename(printable.document),
});

export const buildInvoiceDocument = async (db: Knex, invoice: InvoiceData, payUrl: string): Promise<InvoiceDocument> =>
  withPdf(await invoicePrintable(db, invoice, payUrl));
