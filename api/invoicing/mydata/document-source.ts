import type { Knex } from 'knex';
import type { InvoiceState } from '../../../domain/invoice/invoice';
import { NotFoundError } from '../../../domain/shared/errors';
import { DEFAULT_CLASSIFICATIONS } from '../../../domain/tax/mydata/classification';
import { saleTypeFor } from '../../../domain/tax/mydata/invoice-type';
import type { IncomeClassification, MyDataSaleType } from '../../../domain/tax/mydata/types';
import { creditNotePrintable, invoicePrintable } from '../invoice-document';
import type { MyDataDocumentSource } from './mydata-dispatcher';

/** The classifications the company chose per kind of sale (company_settings.mydata_classifications, JSON by myDATA type), the defaults for the rest. */
export const readClassifications = async (db: Knex): Promise<Record<MyDataSaleType, IncomeClassification>> => {
  const row = (await db('company_settings').where({ id: 1 }).first('mydata_classifications')) as { mydata_classifications: string | null } | undefined;
  const chosen = row?.mydata_classifications ? (JSON.parse(row.mydata_classifications) as Partial<Record<MyDataSaleType, IncomeClassification>>) : {};
  return { ...DEFAULT_CLASSIFICATIONS, ...chosen };
};

/**
 * Builds the document as its PDF and e-invoice state it (domain/einvoice/document.ts): an invoice
 * from its stream, a credit note from its read model with its invoice's parties; classified as the
 * company chose for a sale to a buyer of that place. A credit note the read model has not caught up
 * with is not found yet: the dispatcher tries again.
 */
export const myDataDocumentSource =
  (load: (invoiceId: string) => Promise<InvoiceState>): MyDataDocumentSource =>
  async (db, row, correlatedMark) => {
    const invoice = await load(row.invoice_id);
    if (invoice.status === 'empty') throw new NotFoundError(`Invoice ${row.invoice_id} not found.`);
    const printable = row.kind === 'invoice' ? await invoicePrintable(db, invoice, '') : await creditNotePrintable(db, row.document_id, invoice.parties);
    const classification = (await readClassifications(db))[saleTypeFor(printable.document.buyer.country)];
    return { document: printable.document, classification, correlatedMark: row.kind === 'credit_note' ? correlatedMark : null };
  };
