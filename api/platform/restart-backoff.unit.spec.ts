import { describe, expect, it } from 'vitest';
import { nextRestartDelay, RESTART_HEALTHY_MS, RESTART_MAX_MS, RESTART_MIN_MS } from './restart-backoff';

describe('restarting web processes', () => {
  it('replaces a process that ran a while at once', () => {
    expect(nextRestartDelay(0, RESTART_HEALTHY_MS)).toBe(0);
    expect(nextRestartDelay(RESTART_MAX_MS, 3_600_000)).toBe(0);
  });

  it('backs off from 1 s, doubling up to 30 s, while replacements die soon after they start', () => {
    const delays: number[] = [];
    let delay = 0;
    for (let i = 0; i < 8; i++) delays.push((delay = nextRestartDelay(delay, 200)));
    expect(delays).toEqual([RESTART_MIN_MS, 2_000, 4_000, 8_000, 16_000, RESTART_MAX_MS, RESTART_MAX_MS, RESTART_MAX_MS]);
    expect(nextRestartDelay(delay, RESTART_HEALTHY_MS - 1)).toBe(RESTART_MAX_MS);
  });
});
