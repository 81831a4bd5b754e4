import type { Knex } from 'knex';
import type { InvoiceState } from '../../../domain/invoice/invoice';
import { NotFoundError } from '../../../domain/shared/errors';
import { DEFAULT_CLASSIFICATIONS, productClassificationsOf, type ProductClassifications } from '../../../domain/tax/mydata/classification';
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

/** The classifications products have of their own, per service invoice type (product_mydata_classifications). */
export const readProductClassifications = async (db: Knex, productIds?: readonly string[]): Promise<Map<string, ProductClassifications>> => {
  const query = db('product_mydata_classifications').select('product_id', 'invoice_type', 'type', 'category');
  if (productIds) query.whereIn('product_id', [...productIds]);
  const rows = (await query) as Array<{ product_id: string; invoice_type: MyDataSaleType; type: string; category: string }>;
  const byProduct = new Map<string, ProductClassifications>();
  for (const r of rows) byProduct.set(r.product_id, { ...byProduct.get(r.product_id), [r.invoice_type]: { type: r.type, category: r.category } });
  return byProduct;
};

/**
 * Builds the document as its PDF and e-invoice state it (domain/einvoice/document.ts): an invoice
 * from its stream, a credit note from its read model with its invoice's parties; classified as the
 * company chose for a sale to a buyer of that place. A credit note the read model has not caught up
 * with is not found yet: the dispatcher tries again. A line selling a product the company
 * classified for this kind of sale takes the product's classification.
 */
export const myDataDocumentSource =
  (load: (invoiceId: string) => Promise<InvoiceState>): MyDataDocumentSource =>
  async (db, row, correlatedMark) => {
    const invoice = await load(row.invoice_id);
    if (invoice.status === 'empty') throw new NotFoundError(`Invoice ${row.invoice_id} not found.`);
    const printable = row.kind === 'invoice' ? await invoicePrintable(db, invoice, '') : await creditNotePrintable(db, row.document_id, invoice.parties);
    const { lines } = printable.document;
    const saleType = saleTypeFor(printable.document.buyer.country);
    const products = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
    const [company, byProduct] = await Promise.all([readClassifications(db), products.length ? readProductClassifications(db, products) : new Map<string, ProductClassifications>()]);
    const byLine = productClassificationsOf(lines, saleType, byProduct);
    return {
      document: printable.document,
      classification: company[saleType],
      ...(byLine.some((c) => c !== null) ? { byLine } : {}),
      correlatedMark: row.kind === 'credit_note' ? correlatedMark : null,
    };
  };
