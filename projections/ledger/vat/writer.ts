import type { Knex } from 'knex';
import type { LedgerEffect } from '../../../domain/accounting/postings';
import { ecSalesAmounts } from '../../../domain/tax/ec-sales-list';

/** Rows of `vat_movements_daily` have no nulls in their key: an unexplained movement is category '' and rate -1. */
export const NO_CATEGORY = '';
export const NO_RATE = -1;

interface Sum {
  baseCents: number;
  vatCents: number;
}

/**
 * Adds a batch's VAT analysis to the per-day, direction, category and rate totals the VAT return
 * reads, in the ledger's transaction and on its postings' (lock-deferred) dates: summed in memory
 * so each row is written once per batch.
 */
export const writeVatMovements = async (trx: Knex.Transaction, effects: LedgerEffect[]): Promise<void> => {
  const sums = new Map<string, Sum>();
  const ecSales = new Map<string, number>();
  for (const effect of effects) {
    for (const posting of effect.postings) {
      for (const m of posting.vat ?? []) {
        const key = `${posting.date}|${m.direction}|${m.category ?? NO_CATEGORY}|${m.rateBp ?? NO_RATE}`;
        const prev = sums.get(key) ?? { baseCents: 0, vatCents: 0 };
        sums.set(key, { baseCents: prev.baseCents + m.baseCents, vatCents: prev.vatCents + m.vatCents });
      }
      // The EC Sales List's per-buyer share of the same reverse-charge movements, on the same day.
      for (const a of ecSalesAmounts(posting.vat ?? [])) {
        const key = `${posting.date}|${a.country}|${a.vatNumber}`;
        ecSales.set(key, (ecSales.get(key) ?? 0) + a.baseCents);
      }
    }
  }
  await writeEcSales(trx, ecSales);
  const rows = [...sums].map(([key, s]) => {
    const [day, direction, category, rate] = key.split('|') as [string, string, string, string];
    return { day, direction, category, rate_bp: Number(rate), base_cents: s.baseCents, vat_cents: s.vatCents };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await trx('vat_movements_daily')
      .insert(rows.slice(i, i + 1000))
      .onConflict(['day', 'direction', 'category', 'rate_bp'])
      .merge({
        base_cents: trx.raw('vat_movements_daily.base_cents + excluded.base_cents'),
        vat_cents: trx.raw('vat_movements_daily.vat_cents + excluded.vat_cents'),
      });
  }
};

/** Adds per-day, per-buyer reverse-charge sales to `ec_sales_daily` (key `day|country|vat number`). */
const writeEcSales = async (trx: Knex.Transaction, sums: Map<string, number>): Promise<void> => {
  const rows = [...sums].map(([key, baseCents]) => {
    const [day, country, vatNumber] = key.split('|') as [string, string, string];
    return { day, country, vat_number: vatNumber, base_cents: baseCents };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await trx('ec_sales_daily')
      .insert(rows.slice(i, i + 1000))
      .onConflict(['day', 'country', 'vat_number'])
      .merge({ base_cents: trx.raw('ec_sales_daily.base_cents + excluded.base_cents') });
  }
};
