import { describe, expect, it } from 'vitest';
import { lineTotals } from './lineTotals';

describe('invoice line totals', () => {
  it('rounds VAT half-up per line, not on the sum', () => {
    // 0.125 € VAT on each line: 0.13 per line, 0.26 in total (0.25 if rounded once on the sum).
    const t = lineTotals([
      { quantity: 1, unitPrice: '0.50', vatRate: 25 },
      { quantity: 1, unitPrice: 0.5, vatRate: '25' },
    ]);
    expect(t.lines).toEqual([
      { netCents: 50, vatCents: 13, grossCents: 63 },
      { netCents: 50, vatCents: 13, grossCents: 63 },
    ]);
    expect(t.total).toEqual({ netCents: 100, vatCents: 26, grossCents: 126 });
    expect(t.incomplete).toBe(false);
  });

  it('multiplies fractional quantities exactly and rounds the net half-up', () => {
    // 2.5 × 0.33 = 0.825 → 0.83 net; 19 % of 0.83 = 0.1577 → 0.16.
    expect(lineTotals([{ quantity: '2.5', unitPrice: '0.33', vatRate: 19 }]).total).toEqual({ netCents: 83, vatCents: 16, grossCents: 99 });
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    expect(lineTotals([{ unitPrice: 0.1 }, { unitPrice: 0.2 }]).total.grossCents).toBe(30);
    expect(lineTotals([{ quantity: 3, unitPrice: 2000, vatRate: 19 }]).total).toEqual({ netCents: 600_000, vatCents: 114_000, grossCents: 714_000 });
  });

  it('defaults quantity to 1 and VAT to 0, and counts a line it cannot read as zero', () => {
    const t = lineTotals([{ unitPrice: 10 }, { unitPrice: '', vatRate: 19 }, { unitPrice: '1.234' }]);
    expect(t.lines).toEqual([{ netCents: 1000, vatCents: 0, grossCents: 1000 }, null, null]);
    expect(t.total.grossCents).toBe(1000);
    expect(t.incomplete).toBe(true);
  });

  it('charges no VAT under reverse charge, whatever rate was typed', () => {
    const lines = [{ quantity: 2, unitPrice: 1000, vatRate: 24 }, { unitPrice: '400', vatRate: '13', vatCategory: 'E' }];
    expect(lineTotals(lines).total).toEqual({ netCents: 240_000, vatCents: 53_200, grossCents: 293_200 });
    expect(lineTotals(lines, { reverseCharge: true }).total).toEqual({ netCents: 240_000, vatCents: 0, grossCents: 240_000 });
  });

  it('is empty and complete without lines', () => {
    expect(lineTotals([])).toEqual({ lines: [], total: { netCents: 0, vatCents: 0, grossCents: 0 }, incomplete: false });
  });
});
