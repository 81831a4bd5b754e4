import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from './event-store';
import { UpcasterRegistry } from './upcasting';

const recorded = (type: string, data: unknown, schemaVersion: number): RecordedEvent => ({
  eventId: '00000000-0000-4000-8000-000000000001',
  streamId: 's-1',
  streamRevision: 0,
  position: '1',
  type,
  data,
  metadata: { actor: 'a', schemaVersion, recordedAt: '2026-01-01T00:00:00.000Z' },
});

// v1 had a float `amount` in euros; v2 has integer cents; v3 adds a currency.
const registry = new UpcasterRegistry([
  { eventType: 'PaymentRecorded', fromVersion: 1, upcast: (d) => ({ amountCents: Math.round((d as { amount: number }).amount * 100) }) },
  { eventType: 'PaymentRecorded', fromVersion: 2, upcast: (d) => ({ ...(d as object), currency: 'EUR' }) },
]);

describe('UpcasterRegistry', () => {
  it('chains upcasters from the stored version to the current one', () => {
    const out = registry.upcast(recorded('PaymentRecorded', { amount: 12.34 }, 1));
    expect(out.data).toEqual({ amountCents: 1234, currency: 'EUR' });
    expect(out.metadata.schemaVersion).toBe(3);
    expect(out.metadata.actor).toBe('a');
  });

  it('starts from the stored version and leaves current or unknown events alone', () => {
    expect(registry.upcast(recorded('PaymentRecorded', { amountCents: 5 }, 2)).data).toEqual({ amountCents: 5, currency: 'EUR' });
    const current = recorded('PaymentRecorded', { amountCents: 5, currency: 'EUR' }, 3);
    expect(registry.upcast(current)).toBe(current);
    const other = recorded('InvoiceIssued', { x: 1 }, 1);
    expect(registry.upcast(other)).toBe(other);
  });

  it('does not mutate the stored event', () => {
    const stored = recorded('PaymentRecorded', { amount: 1 }, 1);
    registry.upcast(stored);
    expect(stored).toEqual(recorded('PaymentRecorded', { amount: 1 }, 1));
  });

  it('rejects duplicate or invalid registrations and names the event when an upcaster throws', () => {
    expect(() => new UpcasterRegistry([{ eventType: 'A', fromVersion: 1, upcast: (d) => d }, { eventType: 'A', fromVersion: 1, upcast: (d) => d }])).toThrow(/Two upcasters/);
    expect(() => new UpcasterRegistry([{ eventType: 'A', fromVersion: 0, upcast: (d) => d }])).toThrow(/fromVersion/);
    const failing = new UpcasterRegistry([{ eventType: 'A', fromVersion: 1, upcast: () => { throw new Error('bad shape'); } }]);
    expect(() => failing.upcast(recorded('A', {}, 1))).toThrow(/Upcasting A .* from version 1 failed: bad shape/);
  });
});
