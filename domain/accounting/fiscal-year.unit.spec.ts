import { describe, expect, it } from 'vitest';
import { fiscalColumns, fiscalYearOf, fiscalYearStarting } from './fiscal-year';

describe('fiscal years and their columns', () => {
  it('finds the fiscal year of a day for any first month', () => {
    expect(fiscalYearOf(1, '2026-05-10')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(fiscalYearOf(7, '2026-05-10')).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(fiscalYearStarting(3, 2024)).toEqual({ from: '2024-03-01', to: '2025-02-28' });
  });

  it('cuts a calendar fiscal year into twelve months', () => {
    const months = fiscalColumns(1, 2026, 'month');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(months[1]).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(months[11]).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('cuts a fiscal year starting in July into quarters across the calendar year, leap February included', () => {
    expect(fiscalColumns(7, 2027, 'quarter')).toEqual([
      { from: '2027-07-01', to: '2027-09-30' },
      { from: '2027-10-01', to: '2027-12-31' },
      { from: '2028-01-01', to: '2028-03-31' },
      { from: '2028-04-01', to: '2028-06-30' },
    ]);
    const months = fiscalColumns(7, 2027, 'month');
    expect(months[7]).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    // The columns tile the year exactly.
    const year = fiscalYearStarting(7, 2027);
    expect([months[0]!.from, months.at(-1)!.to]).toEqual([year.from, year.to]);
  });
});
