import { describe, expect, it } from 'vitest';
import { retryAfter } from '../api/http';
import { formatWait } from './formatWait';

describe('formatWait', () => {
  it.each([
    ['en', 1, '1 second'],
    ['en', 8, '8 seconds'],
    ['en', 61, '2 minutes'],
    ['en', 900, '15 minutes'],
    ['el', 8, '8 δευτερόλεπτα'],
    ['el', 60, '1 λεπτό'],
    ['ru', 1, '1 секунда'],
    ['ru', 2, '2 секунды'],
    ['ru', 8, '8 секунд'],
    ['ru', 900, '15 минут'],
  ])('%s, %i s: %s', (lng, seconds, text) => {
    expect(formatWait(seconds, lng)).toBe(text);
  });
});

describe('retryAfter', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfter('8')).toBe(8);
    expect(retryAfter('Fri, 27 Nov 2026 09:00:10 GMT', Date.parse('2026-11-27T09:00:00Z'))).toBe(10);
    expect(retryAfter(null)).toBeUndefined();
    expect(retryAfter('soon')).toBeUndefined();
  });
});
