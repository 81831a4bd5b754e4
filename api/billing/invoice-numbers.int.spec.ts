import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends, type TestDb } from '../../test/db';
import { InvoiceNumbers } from './invoice-numbers';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.each(testBackends())('invoice number registry on $name', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await backend.create();
  });
  afterAll(() => t?.destroy());

  it('assigns per-year sequences, skipping numbers typed by hand', async () => {
    const numbers = new InvoiceNumbers(t.db);
    await numbers.claim('2026-000002', id(100));
    const assigned = await numbers.assign([
      { invoiceId: id(1), year: 2026 },
      { invoiceId: id(2), year: 2026 },
      { invoiceId: id(3), year: 2025 },
      { invoiceId: id(4), year: 2026 },
    ]);
    expect(assigned.get(id(1))).toBe('2026-000001');
    expect(assigned.get(id(3))).toBe('2025-000001');
    // the hand-typed 2026-000002 is skipped: the one who drew it draws again
    expect([assigned.get(id(2)), assigned.get(id(4))].sort()).toEqual(['2026-000003', '2026-000004']);
    expect(Object.fromEntries(await numbers.heldBy([id(1), id(3), id(9)]))).toEqual({ [id(1)]: '2026-000001', [id(3)]: '2025-000001' });
  });

  it('refuses a number another invoice holds, accepts it again for its holder, frees it on release', async () => {
    const numbers = new InvoiceNumbers(t.db);
    await numbers.claim('MANUAL-1', id(200));
    await numbers.claim('MANUAL-1', id(200));
    await expect(numbers.claim('MANUAL-1', id(201))).rejects.toThrow('An invoice with this invoice number already exists.');
    await numbers.release('MANUAL-1', id(200));
    await numbers.claim('MANUAL-1', id(201));
  });

  it('never hands out one number twice to concurrent callers', async () => {
    const numbers = new InvoiceNumbers(t.db);
    const batches = await Promise.all(
      Array.from({ length: 6 }, (_, b) => numbers.assign(Array.from({ length: 25 }, (_, i) => ({ invoiceId: id(1000 + b * 100 + i), year: 2030 })))),
    );
    const all = batches.flatMap((m) => [...m.values()]);
    expect(all).toHaveLength(150);
    expect(new Set(all).size).toBe(150);
    expect(all.sort()[149]).toBe('2030-000150');
  });
});
