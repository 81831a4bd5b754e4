import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth';

describe('jsonDepth', () => {
  it('counts nesting of arrays and objects; scalars are depth 0', () => {
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth('x')).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ items: [{ description: 'x' }] })).toBe(3);
  });

  it('walks 20,000 nested arrays without overflowing the stack, and stops past the limit', () => {
    const deep = JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)) as unknown;
    expect(jsonDepth(deep)).toBe(MAX_JSON_DEPTH + 1);
    expect(jsonDepth(deep, 100_000)).toBe(20_000);
  });
});
