import { describe, expect, it } from 'vitest';
import { inexactAmounts } from '../domain/shared/money';
import type { RecordedEvent } from '../eventstore/event-store';
import { isTransient, unfoldableReason } from './skips';

const event = (data: unknown): RecordedEvent => ({ eventId: 'e', streamId: 's', streamRevision: 0, position: '1', type: 'InvoiceIssued', data, metadata: { actor: 'a', schemaVersion: 1, recordedAt: '2026-01-01T00:00:00Z' } });

describe('what a read model cannot fold', () => {
  it('finds every amount field that no number holds exactly, and nothing else', () => {
    const data = { totals: { netCents: 100, grossCents: 2 ** 53 }, lines: [{ quantity: 2.5, unitPriceCents: 9_007_199_254_740_991 }, { netCents: 1e22 }], note: 1e30 };
    expect(inexactAmounts(data)).toEqual(['totals.grossCents', 'lines.1.netCents']);
    expect(unfoldableReason(event(data))).toBe('Amounts beyond exact arithmetic: totals.grossCents = 9007199254740992, lines.1.netCents = 1e+22');
    expect(unfoldableReason(event({ totals: { grossCents: 119 } }))).toBeUndefined();
    expect(inexactAmounts({ amountCents: 1.5 })).toEqual(['amountCents']);
  });

  it('tells a failing database or connection (retried) from an error of the event (passed over)', () => {
    for (const err of [Object.assign(new Error('x'), { code: '08006' }), Object.assign(new Error('x'), { code: '40P01' }), Object.assign(new Error('x'), { code: '57P01' }), Object.assign(new Error('x'), { code: 'ECONNRESET' }), Object.assign(new Error('x'), { name: 'KnexTimeoutError' }), new Error('Connection terminated unexpectedly')]) {
      expect(isTransient(err), String((err as { code?: string }).code ?? err.message)).toBe(true);
    }
    for (const err of [Object.assign(new Error('bigint out of range'), { code: '22003' }), Object.assign(new Error('dup'), { code: '23505' }), new TypeError('x is undefined'), 'a string']) {
      expect(isTransient(err)).toBe(false);
    }
  });
});
