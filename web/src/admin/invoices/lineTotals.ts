import { lineAmounts, parseEuros, parseQuantity, parseVatRate, sumAmounts, type LineAmounts } from '../../../../domain/shared/money';

/** A line as the editor holds it: whatever the inputs currently contain. */
export interface EditableLine {
  description?: string;
  quantity?: number | string | null;
  unitPrice?: number | string | null;
  vatRate?: number | string | null;
}

export interface LineTotals {
  lines: (LineAmounts | null)[];
  total: LineAmounts;
  /** True when some line cannot be computed yet (blank or invalid number): its amounts count as 0. */
  incomplete: boolean;
}

const ZERO: LineAmounts = { netCents: 0, vatCents: 0, grossCents: 0 };

/**
 * Live totals with the server's own arithmetic (domain/shared/money.ts): exact decimal parsing and
 * half-up rounding per line, so the figures shown are the figures the invoice will carry.
 */
export const lineTotals = (lines: EditableLine[]): LineTotals => {
  let incomplete = false;
  const amounts = lines.map((line) => {
    const quantity = parseQuantity(line.quantity ?? 1);
    const price = parseEuros(line.unitPrice);
    const vat = parseVatRate(line.vatRate ?? 0);
    if (!quantity.ok || !price.ok || !vat.ok) {
      incomplete = true;
      return null;
    }
    return lineAmounts(quantity.value, price.value, vat.value);
  });
  return { lines: amounts, total: sumAmounts(amounts.map((a) => a ?? ZERO)), incomplete };
};
