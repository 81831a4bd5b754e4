import { describe, expect, it } from 'vitest';
import { monthTrends, trailingMonths } from './overview-trends';

describe('overview trends', () => {
  it('lists the twelve months ending with the current one, across a year end', () => {
    const months = trailingMonths('2026-02-17', 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03-01');
    expect(months.at(-1)).toBe('2026-02-01');
    expect(trailingMonths('2026-03-31', 2)).toEqual(['2026-02-01', '2026-03-01']);
  });

  it('nets credit notes off invoicing, zeroes empty months and runs cash on from its opening balance', () => {
    const trends = monthTrends(['2026-01-01', '2026-02-01', '2026-03-01'], {
      invoiced: new Map([['2026-01-01', 119_00], ['2026-03-01', 50_00]]),
      credited: new Map([['2026-03-01', 20_00]]),
      collected: new Map([['2026-02-01', 119_00]]),
      cashMovement: new Map([['2026-02-01', 116_00], ['2026-03-01', -10_00]]),
      cashOpening: 1_000_00,
    });
    expect(trends).toEqual([
      { month: '2026-01-01', invoicedCents: 119_00, collectedCents: 0, cashCents: 1_000_00 },
      { month: '2026-02-01', invoicedCents: 0, collectedCents: 119_00, cashCents: 1_116_00 },
      { month: '2026-03-01', invoicedCents: 30_00, collectedCents: 0, cashCents: 1_106_00 },
    ]);
  });
});
