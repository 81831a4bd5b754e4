import { describe, expect, it } from 'vitest';
import { compactEuros } from './charts';

describe('compactEuros (chart axis ticks)', () => {
  it.each([
    ['en', 12_500, '12,5K\u00a0€'],
    ['en', 1_250_000, '1,3M\u00a0€'],
    ['en', 800, '800\u00a0€'],
    ['en', 0, '0\u00a0€'],
    ['el', 12_500, '12,5\u00a0χιλ.\u00a0€'],
    ['ru', 12_500, '12,5\u00a0тыс.\u00a0€'],
    ['ru', 1_250_000, '1,3\u00a0млн\u00a0€'],
  ])('writes %s %d as %s: German digits, the euro sign after, the unit in the language', (lng, value, expected) => {
    expect(compactEuros(value, lng)).toBe(expected);
  });

  it('never writes the English "€12.5K"', () => {
    expect(compactEuros(12_500, 'en')).not.toMatch(/^€|\d\.\d/);
    expect(compactEuros(-2_500, 'en')).toBe('-2,5K\u00a0€');
  });
});
