import { lineAmounts, parseEuros, parseQuantity, parseVatRate, sumAmounts, type LineAmounts } from '../../../../domain/shared/money';

/** A line as the editor holds it: whatever the inputs currently contain. */
export interface EditableLine {
  description?: string;
  quantity?: number | string | null;
  unitPrice?: number | string | null;
  vatRate?: number | string | null;
  /** S, Z, E; empty: decided by the server. */
  vatCategory?: string | null;
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
 * half-up rounding per line, so the figures shown are the figures the invoice will carry. Under
 * reverse charge every line carries 0 % VAT whatever rate was typed, as the server decides
 * (domain/invoice/vat.ts): the buyer accounts for the VAT.
 */
export const lineTotals = (lines: EditableLine[], { reverseCharge = false }: { reverseCharge?: boolean } = {}): LineTotals => {
  let incomplete = false;
  const amounts = lines.map((line) => {
    const quantity = parseQuantity(line.quantity ?? 1);
    const price = parseEuros(line.unitPrice);
    const vat = parseVatRate(reverseCharge ? 0 : (line.vatRate ?? 0));
    if (!quantity.ok || !price.ok || !vat.ok) {
      incomplete = true;
      return null;
    }
    return lineAmounts(quantity.value, price.value, vat.value);
  });
  return { lines: amounts, total: sumAmounts(amounts.map((a) => a ?? ZERO)), incomplete };
};
