import type { Knex } from 'knex';
import type { InvoiceState } from '../../../domain/invoice/invoice';
import { NotFoundError } from '../../../domain/shared/errors';
import { saleTypeFor } from '../../../domain/tax/mydata/invoice-type';
import type { IncomeClassification, MyDataSaleType } from '../../../domain/tax/mydata/types';
import { creditNotePrintable, invoicePrintable } from '../invoice-document';
import type { MyDataDocumentSource } from './mydata-dispatcher';

/**
 * The income classification of a sale of services by the buyer's place, until settings choose
 * otherwise: E3_561_001 (sales of services to businesses at home), E3_561_005 (intra-community),
 * E3_561_006 (third countries), each in category1_3 (income from the provision of services).
 */
export const DEFAULT_CLASSIFICATIONS: Readonly<Record<string, IncomeClassification>> = {
  domestic: { type: 'E3_561_001', category: 'category1_3' },
  intra_eu: { type: 'E3_561_005', category: 'category1_3' },
  third_country: { type: 'E3_561_006', category: 'category1_3' },
};

const ZONE_OF_TYPE: Readonly<Record<string, keyof typeof DEFAULT_CLASSIFICATIONS>> = { '1.1': 'domestic', '1.2': 'intra_eu', '1.3': 'third_country', '2.1': 'domestic', '2.2': 'intra_eu', '2.3': 'third_country' };

/** The classification a document to a buyer of this country takes: the company's choice for that kind of sale, else the default. */
export const classificationFor = async (db: Knex, saleType: MyDataSaleType): Promise<IncomeClassification> => {
  const zone = ZONE_OF_TYPE[saleType] ?? 'domestic';
  const row = (await db('company_settings').where({ id: 1 }).first('mydata_classifications')) as { mydata_classifications: string | null } | undefined;
  const chosen = row?.mydata_classifications ? (JSON.parse(row.mydata_classifications) as Record<string, IncomeClassification>)[zone] : undefined;
  return chosen ?? DEFAULT_CLASSIFICATIONS[zone]!;
};

/**
 * Builds the document as its PDF and e-invoice state it (domain/einvoice/document.ts): an invoice
 * from its stream, a credit note from its read model with its invoice's parties. A credit note the
 * read model has not caught up with is not found yet: the dispatcher tries again.
 */
export const myDataDocumentSource =
  (load: (invoiceId: string) => Promise<InvoiceState>): MyDataDocumentSource =>
  async (db, row, correlatedMark) => {
    const invoice = await load(row.invoice_id);
    if (invoice.status === 'empty') throw new NotFoundError(`Invoice ${row.invoice_id} not found.`);
    const printable = row.kind === 'invoice' ? await invoicePrintable(db, invoice, '') : await creditNotePrintable(db, row.document_id, invoice.parties);
    return { document: printable.document, classification: await classificationFor(db, saleTypeFor(printable.document.buyer.country)), correlatedMark: row.kind === 'credit_note' ? correlatedMark : null };
  };
