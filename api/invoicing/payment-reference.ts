import { invoiceCreditorReference } from '../../domain/bank/creditor-reference';

/**
 * The ISO 11649 reference a payer quotes in a bank transfer so the payment names its invoice
 * (electronic form, "RF462026000123"). None for a draft: its number may still change, and a
 * reference once printed must keep naming the same invoice. None either for a number that cannot
 * make one (see invoiceCreditorReference); such an invoice is paid against its number as before.
 */
export const paymentReferenceOf = (invoice: { issued: boolean; invoiceNumber: string }): string | null =>
  invoice.issued ? invoiceCreditorReference(invoice.invoiceNumber) : null;
