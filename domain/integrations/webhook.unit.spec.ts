import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS, nextAttemptAt, signatureHeader, verifySignature } from './webhook';

describe('webhook signatures and retries', () => {
  it("signs as Stripe does: t=<seconds>,v1=<HMAC-SHA256 of 't.body'>, and verifies only the right body, secret and time", () => {
    const body = '{"id":"e1","type":"invoice.paid"}';
    const header = signatureHeader('whsec_x', 1_790_000_000, body);
    expect(header).toBe(`t=1790000000,v1=${createHmac('sha256', 'whsec_x').update(`1790000000.${body}`).digest('hex')}`);
    expect(verifySignature(header, body, 'whsec_x', 1_790_000_100)).toBe(true);
    expect(verifySignature(header, `${body} `, 'whsec_x', 1_790_000_100)).toBe(false);
    expect(verifySignature(header, body, 'whsec_y', 1_790_000_100)).toBe(false);
    expect(verifySignature(header, body, 'whsec_x', 1_790_000_301)).toBe(false); // older than five minutes
    expect(verifySignature('t=abc,v1=00', body, 'whsec_x', 1_790_000_000)).toBe(false);
    expect(verifySignature('garbage', body, 'whsec_x', 1_790_000_000)).toBe(false);
  });

  it('backs off 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, then every 6 h, tries once more at three days, then gives up', () => {
    const first = new Date('2026-04-01T00:00:00Z');
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => nextAttemptAt(n, first, first)!.getTime() - first.getTime());
    expect(delays).toEqual([30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 21_600_000]);
    const nearEnd = new Date(first.getTime() + GIVE_UP_AFTER_MS - 60_000);
    expect(nextAttemptAt(20, first, nearEnd)).toEqual(new Date(first.getTime() + GIVE_UP_AFTER_MS));
    expect(nextAttemptAt(21, first, new Date(first.getTime() + GIVE_UP_AFTER_MS))).toBeNull();
  });
});
