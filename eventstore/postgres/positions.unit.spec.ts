import { describe, expect, it } from 'vitest';
import { comparePgPositions, formatPgPosition } from './positions';

describe('PostgreSQL positions', () => {
  it('compare by transaction, then position, whether written padded or not', () => {
    const keys: [number, number][] = [[7, 3], [7, 12], [12, 1], [100, 0], [100, 99], [9, 1000]];
    for (const [ta, pa] of keys) {
      for (const [tb, pb] of keys) {
        const expected = Math.sign(ta - tb || pa - pb);
        expect(comparePgPositions(formatPgPosition(ta, pa), formatPgPosition(tb, pb))).toBe(expected);
        expect(comparePgPositions(`${ta}:${pa}`, formatPgPosition(tb, pb))).toBe(expected);
      }
    }
    expect(comparePgPositions(undefined, formatPgPosition(1, 1))).toBe(-1);
    expect(() => comparePgPositions('1:x', formatPgPosition(1, 1))).toThrow(/Not a PostgreSQL event store position/);
  });
});
