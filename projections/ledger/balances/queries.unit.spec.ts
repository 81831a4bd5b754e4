import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, monthEnd, monthStart } from '../../../domain/accounting/dates';
import { rangeSegments } from './queries';

const expand = (from: string | undefined, to: string, floor: string): Set<string> => {
  const seg = rangeSegments(from, to);
  const days = new Set<string>();
  const add = (a: string, b: string) => {
    for (let d = a; d <= b; d = addDays(d, 1)) {
      expect(days.has(d)).toBe(false);
      days.add(d);
    }
  };
  if (seg.months) add(seg.months.from ?? floor, addDays(seg.months.until, -1));
  for (const [a, b] of seg.days) add(a, b);
  return days;
};

describe('rangeSegments', () => {
  it('covers every day of the range exactly once, months whole', () => {
    const day = fc.integer({ min: 0, max: 1500 }).map((n) => addDays('2023-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 500 }), fc.boolean(), (from, length, open) => {
        const to = addDays(from, length);
        const floor = '2022-01-01';
        const start = open ? undefined : from;
        const seg = rangeSegments(start, to);
        if (seg.months) {
          expect(seg.months.until).toBe(monthStart(seg.months.until));
          if (seg.months.from) expect(seg.months.from).toBe(monthStart(seg.months.from));
        }
        const days = expand(start, to, floor);
        const expected = new Set<string>();
        for (let d = start ?? floor; d <= to; d = addDays(d, 1)) expected.add(d);
        expect(days).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a calendar year as twelve months and no days', () => {
    expect(rangeSegments('2025-01-01', '2025-12-31')).toEqual({ months: { from: '2025-01-01', until: '2026-01-01' }, days: [] });
    expect(rangeSegments('2025-03-05', monthEnd('2025-03-05')).months).toBeNull();
  });
});
