/**
 * The EC Sales List (recapitulative statement, VAT Directive Art. 262–264): per customer in another
 * member state, identified by its VAT number, the value of the intra-EU supplies made to it in the
 * period. The product's intra-EU supplies are services under the general rule (Art. 44, reverse
 * charge Art. 196, category AE); it issues no intra-EU supplies of goods (category K), so every
 * amount here is services. Credit notes take their value off in the period they are issued.
 *
 * Its raw material is the VAT return's own (output AE movements, dated and lock-deferred with their
 * postings), so the list's total is the reverse-charge sales of the VAT return for the same period.
 */
import type { VatBuyer, VatMovement } from '../accounting/vat-return';
import { plainVatNumber, prefixedVatNumber } from './vat-number';

/** One customer's line: its member state (ISO 3166-1), its VAT number with the state's prefix (EL for Greece). */
export interface EcSalesRow {
  country: string;
  vatNumber: string;
  servicesCents: number;
}

export interface EcSalesList {
  rows: EcSalesRow[];
  totalCents: number;
}

/** A buyer as the list keys it: the VAT number in one spelling (prefixed, letters and digits), so "DE 812 871 812" and "812871812" are one customer. */
export const ecSalesKey = (buyer: VatBuyer | undefined): VatBuyer => {
  if (!buyer) return { country: '', vatNumber: '' };
  return { country: buyer.country, vatNumber: prefixedVatNumber(buyer.vatNumber, buyer.country) ?? plainVatNumber(buyer.vatNumber) };
};

/** What movements add to the list, per buyer: reverse-charge sales only (credit notes and reversals negative). */
export const ecSalesAmounts = (movements: readonly VatMovement[]): Array<VatBuyer & { baseCents: number }> =>
  movements.filter((m) => m.direction === 'output' && m.category === 'AE').map((m) => ({ ...ecSalesKey(m.buyer), baseCents: m.baseCents }));

/**
 * The list from per-buyer amounts, summed, in country and VAT number order. A buyer whose value nets
 * to nothing is left out. Movements of documents written before their parties were kept have no buyer:
 * they stay as a row with empty country and number, so the total still equals the VAT return's.
 */
export const ecSalesList = (amounts: ReadonlyArray<VatBuyer & { baseCents: number }>): EcSalesList => {
  const byBuyer = new Map<string, EcSalesRow>();
  for (const a of amounts) {
    const key = `${a.country}|${a.vatNumber}`;
    const row = byBuyer.get(key) ?? { country: a.country, vatNumber: a.vatNumber, servicesCents: 0 };
    row.servicesCents += a.baseCents;
    byBuyer.set(key, row);
  }
  const rows = [...byBuyer.values()].filter((r) => r.servicesCents !== 0).sort((a, b) => (a.country === '' ? 1 : 0) - (b.country === '' ? 1 : 0) || a.country.localeCompare(b.country) || a.vatNumber.localeCompare(b.vatNumber));
  return { rows, totalCents: rows.reduce((s, r) => s + r.servicesCents, 0) };
};
