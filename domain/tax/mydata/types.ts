/**
 * Greece's myDATA (AADE): every sales invoice and credit note a Greek business issues is transmitted
 * to AADE (`SendInvoices`, XML `InvoicesDoc` v2.0.1), which answers with the document's MARK. This
 * folder turns the product's billing document into that XML and reads AADE's answer; it is pure
 * (the transmission, its retries and its HTTP client live outside the domain).
 */
import type { BillingDocument } from '../../einvoice/document';

/**
 * The myDATA document types the product issues (AADE's table of document types). The product sells
 * services only (a SaaS GRC platform, consulting, training), so its invoices are service invoices
 * (Τιμολόγιο Παροχής Υπηρεσιών): 2.1 to a buyer in Greece, 2.2 to a buyer in another EU member
 * state (intra-community services), 2.3 to a buyer outside the EU (services to a third country).
 * Credit notes: 5.1 correlated to the invoice it credits (by that invoice's MARK), 5.2 without that
 * correlation.
 */
export type MyDataInvoiceType = '2.1' | '2.2' | '2.3' | '5.1' | '5.2';
export const MY_DATA_INVOICE_TYPES: readonly MyDataInvoiceType[] = ['2.1', '2.2', '2.3', '5.1', '5.2'];

/** The service invoice types: a buyer's place decides which; a correlated credit note (5.1) follows its invoice's. */
export type MyDataSaleType = Exclude<MyDataInvoiceType, '5.1' | '5.2'>;

/** Where the buyer is, seen from a seller in Greece: it decides the invoice type and the VAT exemption. */
export type BuyerZone = 'domestic' | 'intra_eu' | 'third_country';

/**
 * An income classification (χαρακτηρισμός εσόδων): an E3 code (`E3_561_001`: sales of goods and
 * services, wholesale to businesses …) and a category (`category1_3`: income from the provision of
 * services …). AADE accepts only some pairs per invoice type (./classification).
 */
export interface IncomeClassification {
  type: string;
  category: string;
}

/** One document to transmit. */
export interface MyDataSource {
  document: BillingDocument;
  /** The classification of the document's lines that have none of their own (the company's choice for the kind of sale). */
  classification: IncomeClassification;
  /**
   * Per line, in the document's order: the classification of the line's product for this kind of
   * sale, or null (then `classification`). Absent: every line takes `classification`.
   */
  byLine?: ReadonlyArray<IncomeClassification | null>;
  /** Credit notes: the MARK AADE gave the credited invoice (then type 5.1), or null (5.2). Ignored for invoices. */
  correlatedMark: string | null;
}
