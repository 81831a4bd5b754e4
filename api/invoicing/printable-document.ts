import { type BillingDocument } from '../../domain/einvoice/document';

/** A document of record with what its PDF needs beyond the law's content. */
export interface PrintableDocument {
  document: BillingDocument;
  /** The client's language (en, el, ru): the PDF and the e-mail speak it. */
  language: string;
  paid: boolean;
  /** Invoices: the public pay link printed on the PDF. */
  payUrl: string;
  /**
   * An issued invoice's RF creditor reference, printed beside the IBAN and carried as the
   * e-invoice's payment id; absent or null (a draft, a credit note) they carry the number instead.
   */
  paymentReference?: string | null;
  /** Greece's myDATA: the MARK AADE gave the document and its QR URL, printed once it is registered. */
  mydata?: { mark: string; qrUrl: string | null } | null;
}
