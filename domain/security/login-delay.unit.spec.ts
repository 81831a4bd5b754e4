import { describe, expect, it } from 'vitest';
import { loginDelayMs, loginWaitMs } from './login-delay';

const policy = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 60_000 };

describe('login delays', () => {
  it('lets the free failures through, then doubles the wait up to the ceiling', () => {
    expect([0, 1, 2].map((f) => loginDelayMs(f, policy))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map((f) => loginDelayMs(f, policy))).toEqual([1000, 2000, 4000, 8000]);
    expect(loginDelayMs(9, policy)).toBe(60_000);
    expect(loginDelayMs(10_000, policy)).toBe(60_000);
  });

  it('counts the wait from the latest failure', () => {
    const last = new Date('2026-11-27T10:00:00Z');
    expect(loginWaitMs(4, last, new Date('2026-11-27T10:00:00.500Z'), policy)).toBe(1500);
    expect(loginWaitMs(4, last, new Date('2026-11-27T10:00:02Z'), policy)).toBe(0);
    expect(loginWaitMs(1, last, last, policy)).toBe(0);
  });
});
