import type { VatReturn } from '../../domain/accounting/vat-return';
import type { EcSalesList } from '../../domain/tax/ec-sales-list';
import { centsToEuros as eur } from '../../domain/shared/money';
import type { Period } from '../platform/period';

/** The REST shape of the VAT return: euros, rates in percent, snake_case (category null: VAT account movement no tag explains). */
export const vatReturnView = (r: VatReturn & { period: Period }) => ({
  from: r.period.from,
  to: r.period.to,
  rows: r.rows.map((row) => ({
    category: row.category,
    rate: row.rateBp === null ? null : row.rateBp / 100,
    output_base: eur(row.outputBaseCents),
    output_vat: eur(row.outputVatCents),
    input_base: eur(row.inputBaseCents),
    input_vat: eur(row.inputVatCents),
  })),
  output_base: eur(r.outputBaseCents),
  output_vat: eur(r.outputVatCents),
  input_base: eur(r.inputBaseCents),
  input_vat: eur(r.inputVatCents),
  net_vat: eur(r.netVatCents),
  settlements: eur(r.settlementsCents),
});

/** The REST shape of the EC Sales List: euros, snake_case; a row without country is sales of documents that kept no buyer. */
export const ecSalesListView = (r: EcSalesList & { period: Period }) => ({
  from: r.period.from,
  to: r.period.to,
  rows: r.rows.map((row) => ({ country: row.country, vat_number: row.vatNumber, services: eur(row.servicesCents) })),
  total: eur(r.totalCents),
});
