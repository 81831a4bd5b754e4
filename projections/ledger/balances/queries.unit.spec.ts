import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, monthEnd } from '../../../domain/shared/dates';
import { rangeSegments, type Run } from './queries';

const FLOOR = '2020-01-01';
const nextYear = (d: string) => `${Number(d.slice(0, 4)) + 1}-01-01`;

/** Every day the segments read, failing on a day read twice. */
const expand = (from: string | undefined, to: string): Set<string> => {
  const seg = rangeSegments(from, to);
  const days = new Set<string>();
  const add = (a: string, b: string) => {
    for (let d = a; d <= b; d = addDays(d, 1)) {
      expect(days.has(d)).toBe(false);
      days.add(d);
    }
  };
  const run = (r: Run) => add(r.from ?? FLOOR, addDays(r.until, -1));
  if (seg.years) {
    expect(seg.years.until.endsWith('-01-01')).toBe(true);
    if (seg.years.from) expect(seg.years.from.endsWith('-01-01')).toBe(true);
    run(seg.years);
  }
  for (const m of seg.months) {
    expect(m.until.endsWith('-01')).toBe(true);
    expect(m.from?.endsWith('-01')).toBe(true);
    run(m);
  }
  for (const [a, b] of seg.days) add(a, b);
  expect(seg.months.length).toBeLessThanOrEqual(2);
  expect(seg.days.length).toBeLessThanOrEqual(2);
  return days;
};

describe('rangeSegments', () => {
  it('covers every day of the range exactly once, with whole years and months', () => {
    const day = fc.integer({ min: 0, max: 1500 }).map((n) => addDays('2022-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 900 }), fc.boolean(), (from, length, open) => {
        const to = addDays(from, length);
        const start = open ? undefined : from;
        const expected = new Set<string>();
        for (let d = start ?? FLOOR; d <= to; d = addDays(d, 1)) expected.add(d);
        expect(expand(start, to)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('reads a calendar year as one year row and an as-of date as years, months and days', () => {
    expect(rangeSegments('2025-01-01', '2025-12-31')).toEqual({ years: { from: '2025-01-01', until: nextYear('2025') }, months: [], days: [] });
    expect(rangeSegments(undefined, '2026-11-22')).toEqual({
      years: { from: undefined, until: '2026-01-01' },
      months: [{ from: '2026-01-01', until: '2026-11-01' }],
      days: [['2026-11-01', '2026-11-22']],
    });
    expect(rangeSegments('2025-03-05', monthEnd('2025-03-05'))).toEqual({ years: null, months: [], days: [['2025-03-05', '2025-03-31']] });
  });
});
