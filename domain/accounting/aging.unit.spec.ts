import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/dates';
import { AGING_BUCKETS, ageReceivables, agingRowOf, agingSteps, bucketOf, type Receivable } from './aging';

describe('aged receivables', () => {
  it('buckets by days past due: current up to the due day, then 1–30, 31–60, 61–90, over 90', () => {
    const asOf = '2026-06-30';
    const due = (late: number) => bucketOf(addDays(asOf, -late), asOf);
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(due)).toEqual([
      'current', 'current', 'days1to30', 'days1to30', 'days31to60', 'days31to60', 'days61to90', 'days61to90', 'over90', 'over90',
    ]);
  });

  it('totals per client, keeps credit balances apart, and nets to the receivables balance', () => {
    const items: Receivable[] = [
      { clientId: 'a', clientName: 'Alpha', invoiceId: '1', dueDate: '2026-06-30', openCents: 10_000 },
      { clientId: 'a', clientName: 'Alpha', invoiceId: '2', dueDate: '2026-05-01', openCents: 2_500 },
      { clientId: 'a', clientName: 'Alpha', invoiceId: '3', dueDate: '2026-04-01', openCents: -700 },
      { clientId: 'b', clientName: 'Beta', invoiceId: '4', dueDate: '2026-01-01', openCents: 999 },
      { clientId: 'c', clientName: 'Gamma', invoiceId: '5', dueDate: '2026-01-01', openCents: 0 },
      { clientId: null, clientName: '', invoiceId: null, dueDate: null, openCents: 300 },
    ];
    const r = ageReceivables(items.map((i) => agingRowOf(i, '2026-06-30')), '2026-06-30');
    expect(r.clients.map((c) => c.clientName)).toEqual(['Alpha', 'Beta', '']);
    expect(r.clients[0]).toMatchObject({ buckets: { current: 10_000, days31to60: 2_500 }, owedCents: 12_500, creditCents: 700 });
    expect(r.clients[1]!.buckets.over90).toBe(999);
    expect(r.totals).toMatchObject({ current: 10_300, days31to60: 2_500, over90: 999, owedCents: 13_799, creditCents: 700, netCents: 13_099 });
  });

  it('always nets to the sum of the balances it was given, whatever they are', () => {
    const item = fc.record({
      clientId: fc.constantFrom('a', 'b', 'c', null),
      clientName: fc.constant('x'),
      invoiceId: fc.string(),
      dueDate: fc.option(fc.integer({ min: -200, max: 200 }).map((d) => addDays('2026-06-30', d))),
      openCents: fc.integer({ min: -100_000, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(item), (items) => {
        const r = ageReceivables(items.map((i) => agingRowOf(i, '2026-06-30')), '2026-06-30');
        const sum = items.reduce((s, i) => s + i.openCents, 0);
        expect(r.totals.netCents).toBe(sum);
        expect(AGING_BUCKETS.reduce((s, b) => s + r.totals[b], 0)).toBe(r.totals.owedCents);
      }),
    );
  });

  it("splits an invoice's changes into steps of its owed and credit parts that add up to them as of any day", () => {
    const day = fc.integer({ min: 0, max: 60 }).map((d) => addDays('2026-01-01', d));
    fc.assert(
      fc.property(fc.array(fc.record({ date: day, deltaCents: fc.integer({ min: -50_000, max: 50_000 }) }), { maxLength: 12 }), day, (changes, asOf) => {
        const balance = changes.filter((c) => c.date <= asOf).reduce((s, c) => s + c.deltaCents, 0);
        const upTo = agingSteps(changes).filter((s) => s.date <= asOf);
        expect(upTo.reduce((s, x) => s + x.openCents, 0)).toBe(Math.max(balance, 0));
        expect(upTo.reduce((s, x) => s + x.creditCents, 0)).toBe(Math.min(balance, 0));
      }),
    );
    // Paid beyond the invoice, then refunded: owed, nothing owed with credit, owed again.
    expect(agingSteps([{ date: '2026-01-20', deltaCents: -15_000 }, { date: '2026-01-10', deltaCents: 10_000 }, { date: '2026-02-01', deltaCents: 8_000 }, { date: '2026-03-01', deltaCents: 0 }])).toEqual([
      { date: '2026-01-10', openCents: 10_000, creditCents: 0 },
      { date: '2026-01-20', openCents: -10_000, creditCents: -5_000 },
      { date: '2026-02-01', openCents: 3_000, creditCents: 5_000 },
    ]);
  });
});
