import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildStatement, statementKindOf, type StatementLine } from './statement';

const PERIOD = { from: '2026-01-01', to: '2026-03-31' };

let nextId = 1;
const line = (fields: Partial<StatementLine> & Pick<StatementLine, 'entryId' | 'date' | 'sourceType'>): StatementLine => ({
  lineId: nextId++,
  document: null,
  invoiceNumber: '2026-000001',
  debitCents: 0,
  creditCents: 0,
  ...fields,
});

describe('client statement', () => {
  it('runs the balance from the opening through invoices, credit notes, payments and refunds to the closing', () => {
    const s = buildStatement(PERIOD, 5_000, [
      line({ entryId: 'inv', date: '2026-01-10', sourceType: 'invoice', debitCents: 12_000 }),
      line({ entryId: 'cn', date: '2026-01-20', sourceType: 'credit_note', document: 'CN-2026-000001', creditCents: 2_000 }),
      line({ entryId: 'pay', date: '2026-02-01', sourceType: 'payment', document: 'BANK-77', creditCents: 20_000 }),
      line({ entryId: 'ref', date: '2026-03-01', sourceType: 'refund', debitCents: 3_000 }),
    ]);
    expect(s.rows.map((r) => [r.date, r.kind, r.document, r.debitCents, r.creditCents, r.balanceCents])).toEqual([
      ['2026-01-10', 'invoice', '2026-000001', 12_000, 0, 17_000],
      ['2026-01-20', 'credit_note', 'CN-2026-000001', 0, 2_000, 15_000],
      ['2026-02-01', 'payment', 'BANK-77', 0, 20_000, -5_000],
      ['2026-03-01', 'refund', '2026-000001', 3_000, 0, -2_000],
    ]);
    expect(s).toMatchObject({ from: '2026-01-01', to: '2026-03-31', openingCents: 5_000, totals: { debitCents: 15_000, creditCents: 22_000 }, closingCents: -2_000 });
  });

  it('names the known source types and gives any other its generic kind, amounts intact', () => {
    expect(['invoice', 'credit_note', 'payment', 'refund', 'manual', 'dispute', 'stripe_fee'].map((t) => statementKindOf(t, 100))).toEqual([
      'invoice', 'credit_note', 'payment', 'refund', 'adjustment', 'chargeback', 'other',
    ]);
    expect(statementKindOf('refund', -100)).toBe('refund_failed');
    expect(statementKindOf('invoice', -100)).toBe('invoice_cancelled');
    const s = buildStatement(PERIOD, 0, [line({ entryId: 'd', date: '2026-02-02', sourceType: 'stripe_fee', debitCents: 4_200 })]);
    expect(s.rows[0]).toMatchObject({ kind: 'other', sourceType: 'stripe_fee', debitCents: 4_200, balanceCents: 4_200 });
    expect(s.closingCents).toBe(4_200);
  });

  it('nets what one entry posted on one day: an edit shows the final amount, a deleted draft nothing', () => {
    const s = buildStatement(PERIOD, 0, [
      line({ entryId: 'edited', date: '2026-01-05', sourceType: 'invoice', debitCents: 10_000 }),
      line({ entryId: 'deleted', date: '2026-01-06', sourceType: 'invoice', invoiceNumber: '2026-000002', debitCents: 7_000 }),
      line({ entryId: 'edited', date: '2026-01-05', sourceType: 'invoice', creditCents: 10_000 }),
      line({ entryId: 'edited', date: '2026-01-05', sourceType: 'invoice', debitCents: 12_500 }),
      line({ entryId: 'deleted', date: '2026-01-06', sourceType: 'invoice', invoiceNumber: '2026-000002', creditCents: 7_000 }),
      line({ entryId: 'voided', date: '2026-02-10', sourceType: 'invoice', invoiceNumber: '2026-000003', creditCents: 900 }),
    ]);
    expect(s.rows.map((r) => [r.kind, r.document, r.debitCents, r.creditCents])).toEqual([
      ['invoice', '2026-000001', 12_500, 0],
      ['invoice_cancelled', '2026-000003', 0, 900],
    ]);
    expect(s.closingCents).toBe(11_600);
  });

  it('orders rows by date, then as the ledger posted them', () => {
    const late = line({ entryId: 'b', date: '2026-02-01', sourceType: 'payment', creditCents: 1 });
    const early = line({ entryId: 'a', date: '2026-01-15', sourceType: 'invoice', debitCents: 5 });
    const sameDayFirst = { ...line({ entryId: 'c', date: '2026-02-01', sourceType: 'invoice', debitCents: 3 }), lineId: late.lineId - 1 };
    expect(buildStatement(PERIOD, 0, [late, early, sameDayFirst]).rows.map((r) => r.debitCents - r.creditCents)).toEqual([5, 3, -1]);
  });

  it('with no movements, closes at its opening balance', () => {
    expect(buildStatement(PERIOD, -3_300, [])).toMatchObject({ rows: [], totals: { debitCents: 0, creditCents: 0 }, closingCents: -3_300 });
  });

  it('always closes at opening + debits − credits, every running balance the sum so far', () => {
    const arb = fc.record({
      opening: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      lines: fc.array(
        fc.record({
          entry: fc.integer({ min: 0, max: 6 }),
          day: fc.integer({ min: 1, max: 28 }),
          type: fc.constantFrom('invoice', 'payment', 'credit_note', 'refund', 'dispute'),
          cents: fc.integer({ min: -50_000, max: 50_000 }),
        }),
        { maxLength: 40 },
      ),
    });
    fc.assert(
      fc.property(arb, ({ opening, lines }) => {
        const input = lines.map((l, i) =>
          line({ lineId: i, entryId: `e${l.entry}`, date: `2026-01-${String(l.day).padStart(2, '0')}`, sourceType: l.type, debitCents: Math.max(l.cents, 0), creditCents: Math.max(-l.cents, 0) }),
        );
        const s = buildStatement(PERIOD, opening, input);
        const net = lines.reduce((sum, l) => sum + l.cents, 0);
        expect(s.closingCents).toBe(opening + net);
        expect(s.closingCents).toBe(s.openingCents + s.totals.debitCents - s.totals.creditCents);
        let running = opening;
        for (const r of s.rows) {
          expect(r.debitCents === 0 || r.creditCents === 0).toBe(true);
          expect(r.debitCents + r.creditCents).toBeGreaterThan(0);
          running += r.debitCents - r.creditCents;
          expect(r.balanceCents).toBe(running);
        }
        expect([...s.rows].sort((a, b) => a.date.localeCompare(b.date))).toEqual(s.rows);
      }),
    );
  });
});
