import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/dates';
import { groupSteps, withTerms, type TermsSpan } from './receivable-terms';

const A = { clientId: 'a', dueDate: '2025-11-30' };
const B = { clientId: 'a', dueDate: '2026-02-28' };
const C = { clientId: 'c', dueDate: null };

describe("an invoice's aging terms over time", () => {
  it('without a lock the new terms hold from the beginning; under one, from the first open day', () => {
    expect(withTerms([], A, '2025-12-31')).toEqual([{ from: null, ...A }]);
    expect(withTerms([{ from: null, ...A }], B, null)).toEqual([{ from: null, ...B }]);
    const moved = withTerms([{ from: null, ...A }], B, '2025-12-31');
    expect(moved).toEqual([{ from: null, ...A }, { from: '2026-01-01', ...B }]);
    // Unchanged terms change nothing; a later change under the same lock replaces the open part only.
    expect(withTerms(moved, B, '2025-12-31')).toEqual(moved);
    expect(withTerms(moved, C, '2025-12-31')).toEqual([{ from: null, ...A }, { from: '2026-01-01', ...C }]);
    // Moved back to what it was through the lock: one span again.
    expect(withTerms(moved, A, '2025-12-31')).toEqual([{ from: null, ...A }]);
    // A later lock keeps the later history too; a lock moved back before a change lets it be rewritten.
    expect(withTerms(moved, C, '2026-03-31')).toEqual([{ from: null, ...A }, { from: '2026-01-01', ...B }, { from: '2026-04-01', ...C }]);
    expect(withTerms(moved, C, '2025-06-30')).toEqual([{ from: null, ...A }, { from: '2025-07-01', ...C }]);
  });

  it("places what the invoice owes and holds in credit on each day in the group of that day's terms", () => {
    const day = fc.integer({ min: 0, max: 90 }).map((d) => addDays('2026-01-01', d));
    const terms = fc.record({ clientId: fc.constantFrom('a', 'b', null), dueDate: fc.constantFrom('2026-01-15', '2026-03-01', null) });
    // A timeline as withTerms builds them: consecutive changes under moving locks.
    const timeline = fc.array(fc.tuple(terms, fc.option(day, { freq: 4 })), { minLength: 1, maxLength: 5 }).map((changes) => changes.reduce<TermsSpan[]>((t, [c, lock]) => withTerms(t, c, lock), []));
    fc.assert(
      fc.property(timeline, fc.array(fc.record({ date: day, deltaCents: fc.integer({ min: -50_000, max: 50_000 }) }), { maxLength: 10 }), day, (spans, changes, asOf) => {
        const balance = changes.filter((c) => c.date <= asOf).reduce((s, c) => s + c.deltaCents, 0);
        const inForce = spans.filter((s) => s.from === null || s.from <= asOf).at(-1)!;
        const sums = new Map<string, { open: number; credit: number }>();
        for (const s of groupSteps(spans, changes).filter((x) => x.date <= asOf)) {
          const key = `${s.clientId}|${s.dueDate}`;
          const sum = sums.get(key) ?? { open: 0, credit: 0 };
          sums.set(key, { open: sum.open + s.openCents, credit: sum.credit + s.creditCents });
        }
        const held = [...sums].filter(([, v]) => v.open !== 0 || v.credit !== 0);
        const expected = balance === 0 ? [] : [[`${inForce.clientId}|${inForce.dueDate}`, { open: Math.max(balance, 0), credit: Math.min(balance, 0) }]];
        expect(held).toEqual(expected);
      }),
    );
  });

  it('moves what was owed through the lock to the new due date on the first open day', () => {
    const spans = withTerms([{ from: null, ...A }], B, '2025-12-31');
    expect(groupSteps(spans, [{ date: '2025-11-01', deltaCents: 10_000 }, { date: '2026-02-10', deltaCents: -4_000 }])).toEqual([
      { date: '2025-11-01', ...A, openCents: 10_000, creditCents: 0 },
      { date: '2026-01-01', ...A, openCents: -10_000, creditCents: 0 },
      { date: '2026-01-01', ...B, openCents: 10_000, creditCents: 0 },
      { date: '2026-02-10', ...B, openCents: -4_000, creditCents: 0 },
    ]);
  });
});
