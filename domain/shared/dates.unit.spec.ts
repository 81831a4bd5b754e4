import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate, monthEnd, nextMonthStart } from './dates';

describe('isIsoDate', () => {
  it('accepts real days only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate('2025-01-01T00:00:00Z')).toBe(false);
    expect(isIsoDate(20250101)).toBe(false);
  });
});

describe('day arithmetic', () => {
  it('crosses months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(monthEnd('2025-02-10')).toBe('2025-02-28');
    expect(nextMonthStart('2025-12-31')).toBe('2026-01-01');
  });
});
