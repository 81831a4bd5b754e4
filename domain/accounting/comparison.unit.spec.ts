import { describe, expect, it } from 'vitest';
import { comparisonAsOf, comparisonPeriod, isComparison } from './comparison';

describe('comparisonPeriod', () => {
  it('a year back keeps whole months and month ends (leap years included)', () => {
    expect(comparisonPeriod({ from: '2026-01-01', to: '2026-12-31' }, 'previous_year')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(comparisonPeriod({ from: '2024-02-01', to: '2024-02-29' }, 'previous_year')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(comparisonPeriod({ from: '2025-02-01', to: '2025-02-28' }, 'previous_year')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(comparisonPeriod({ from: '2026-03-10', to: '2026-04-20' }, 'previous_year')).toEqual({ from: '2025-03-10', to: '2025-04-20' });
  });

  it('the previous period of whole months is as many months just before', () => {
    expect(comparisonPeriod({ from: '2026-04-01', to: '2026-06-30' }, 'previous_period')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(comparisonPeriod({ from: '2026-03-01', to: '2026-03-31' }, 'previous_period')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(comparisonPeriod({ from: '2026-07-01', to: '2027-06-30' }, 'previous_period')).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(comparisonPeriod({ from: '2026-01-01', to: '2026-01-31' }, 'previous_period')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('the previous period of ragged days is as many days, ending the day before', () => {
    expect(comparisonPeriod({ from: '2026-03-10', to: '2026-03-19' }, 'previous_period')).toEqual({ from: '2026-02-28', to: '2026-03-09' });
    expect(comparisonPeriod({ from: '2026-01-01', to: '2026-01-01' }, 'previous_period')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
  });
});

describe('comparisonAsOf', () => {
  it('a year or a month earlier, month ends kept', () => {
    expect(comparisonAsOf('2026-12-31', 'previous_year')).toBe('2025-12-31');
    expect(comparisonAsOf('2024-02-29', 'previous_year')).toBe('2023-02-28');
    expect(comparisonAsOf('2026-03-31', 'previous_period')).toBe('2026-02-28');
    expect(comparisonAsOf('2026-02-28', 'previous_period')).toBe('2026-01-31');
    expect(comparisonAsOf('2026-03-15', 'previous_period')).toBe('2026-02-15');
  });

  it('knows its names', () => {
    expect(isComparison('previous_year')).toBe(true);
    expect(isComparison('last_year')).toBe(false);
    expect(isComparison(undefined)).toBe(false);
  });
});
