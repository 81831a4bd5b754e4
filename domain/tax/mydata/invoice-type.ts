import type { BillingDocument } from '../../einvoice/document';
import { EU_COUNTRIES, type Party } from '../../invoice/vat';
import type { BuyerZone, MyDataInvoiceType, MyDataSaleType } from './types';

/** The only issuer myDATA knows: a business established in Greece (ISO code GR; its VAT numbers start EL). */
export const ISSUER_COUNTRY = 'GR';

/** Greece, another EU member state, or outside the EU: by the buyer's country (ISO 3166-1 alpha-2). */
export const buyerZone = (buyerCountry: string): BuyerZone =>
  buyerCountry === ISSUER_COUNTRY ? 'domestic' : EU_COUNTRIES.has(buyerCountry) ? 'intra_eu' : 'third_country';

/** Service invoices (the product sells services only): at home 2.1, intra-community 2.2, to a third country 2.3. */
const SALE_TYPES: Record<BuyerZone, MyDataSaleType> = { domestic: '2.1', intra_eu: '2.2', third_country: '2.3' };

/**
 * The type an invoice to this buyer has. A correlated credit note's classifications are those of
 * the credited invoice's type, which had the same buyer, so this is its type as well.
 */
export const saleTypeFor = (buyerCountry: string): MyDataSaleType => SALE_TYPES[buyerZone(buyerCountry)];

/**
 * The myDATA type of a document: an invoice by where its buyer is (AADE checks the counterpart's
 * country against 2.1, 2.2 and 2.3); a credit note 5.1 when the credited invoice's MARK is known,
 * 5.2 when it is not.
 */
export const myDataInvoiceType = (doc: { kind: BillingDocument['kind']; buyer: Pick<Party, 'country'> }, correlatedMark: string | null): MyDataInvoiceType => {
  if (doc.kind === 'credit_note') return correlatedMark ? '5.1' : '5.2';
  return saleTypeFor(doc.buyer.country);
};
