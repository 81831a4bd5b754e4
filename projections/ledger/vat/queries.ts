import type { Knex } from 'knex';
import { isVatCategory } from '../../../domain/invoice/vat';
import type { VatDirection, VatMovement } from '../../../domain/accounting/vat-return';
import { NO_RATE } from './writer';

/**
 * A period's VAT movements summed per direction, category and rate: one range scan of the
 * per-day summary (a few rows a day), never the journal lines.
 */
export const vatMovementsInRange = async (db: Knex, from: string, to: string): Promise<VatMovement[]> => {
  const rows: Array<{ direction: string; category: string; rate_bp: number; base_cents: string | number; vat_cents: string | number }> = await db('vat_movements_daily')
    .select('direction', 'category', 'rate_bp')
    .sum({ base_cents: 'base_cents', vat_cents: 'vat_cents' })
    .where('day', '>=', from)
    .andWhere('day', '<=', to)
    .groupBy('direction', 'category', 'rate_bp');
  return rows.map((r) => {
    const category = isVatCategory(r.category) ? r.category : null;
    return {
      direction: r.direction as VatDirection,
      category,
      rateBp: category === null || Number(r.rate_bp) === NO_RATE ? null : Number(r.rate_bp),
      baseCents: Number(r.base_cents),
      vatCents: Number(r.vat_cents),
    };
  });
};

/** A period's reverse-charge sales per buyer (country and prefixed VAT number): one range scan of the per-day summary. */
export const ecSalesInRange = async (db: Knex, from: string, to: string): Promise<Array<{ country: string; vatNumber: string; baseCents: number }>> => {
  const rows: Array<{ country: string; vat_number: string; base_cents: string | number }> = await db('ec_sales_daily')
    .select('country', 'vat_number')
    .sum({ base_cents: 'base_cents' })
    .where('day', '>=', from)
    .andWhere('day', '<=', to)
    .groupBy('country', 'vat_number');
  return rows.map((r) => ({ country: r.country, vatNumber: r.vat_number, baseCents: Number(r.base_cents) }));
};
