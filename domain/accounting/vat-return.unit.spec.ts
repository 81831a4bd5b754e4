import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayArb, historyArb } from '../../test/accounting/history';
import { addDays } from '../shared/dates';
import { SYSTEM_ACCOUNT_IDS } from './accounts';
import { effectsOf, foldEffects, totalsInRange } from './balances';
import { invoiceEffect } from './postings';
import { invoiceVatMovements, journalVatMovements, vatReturn, type VatMovement } from './vat-return';

const VAT = SYSTEM_ACCOUNT_IDS.vatPayable;
const OFFICE = 'a0000000-0000-4000-8000-000000005300';
const BANK = SYSTEM_ACCOUNT_IDS.bank;

const movementsIn = (history: Parameters<typeof effectsOf>[0], from: string, to: string): VatMovement[] =>
  effectsOf(history).flatMap((e) => e.postings.filter((p) => p.date >= from && p.date <= to).flatMap((p) => p.vat ?? []));

describe('VAT return', () => {
  it('splits an invoice by category and rate, and puts a rounding difference on the largest VAT', () => {
    const line = (net: number, vatRateBp: number, vatCents: number, vatCategory?: 'S' | 'Z' | 'E' | 'AE') => ({ description: 'x', quantity: 1, unitPriceCents: net, vatRateBp, netCents: net, vatCents, grossCents: net + vatCents, ...(vatCategory ? { vatCategory } : {}) });
    expect(invoiceVatMovements([line(10000, 2400, 2400), line(5000, 1300, 650), line(3000, 0, 0, 'E'), line(2000, 2400, 480)], { netCents: 20000, vatCents: 3531, grossCents: 23531 })).toEqual([
      { direction: 'output', category: 'S', rateBp: 2400, baseCents: 12000, vatCents: 2881 },
      { direction: 'output', category: 'S', rateBp: 1300, baseCents: 5000, vatCents: 650 },
      { direction: 'output', category: 'E', rateBp: 0, baseCents: 3000, vatCents: 0 },
    ]);
  });

  it('reads a purchase entry: the tagged expense is the base, the VAT line the input VAT; a settlement stands apart', () => {
    const purchase = journalVatMovements([
      { accountId: OFFICE, debitCents: 10000, creditCents: 0, vatCategory: 'S', vatRateBp: 2400 },
      { accountId: VAT, debitCents: 2400, creditCents: 0 },
      { accountId: BANK, debitCents: 0, creditCents: 12400 },
    ]);
    expect(purchase).toEqual([{ direction: 'input', category: 'S', rateBp: 2400, baseCents: 10000, vatCents: 2400 }]);
    const settlement = journalVatMovements([
      { accountId: VAT, debitCents: 5000, creditCents: 0, vatSettlement: true },
      { accountId: BANK, debitCents: 0, creditCents: 5000 },
    ]);
    const sale = invoiceEffect(
      {
        type: 'InvoiceIssued',
        data: {
          invoiceId: '11111111-1111-4111-8111-111111111111',
          invoiceNumber: '2026-000001',
          clientId: 'c',
          date: '2026-03-01',
          dueDate: '2026-03-31',
          lines: [{ description: 'x', quantity: 1, unitPriceCents: 50000, vatRateBp: 2400, netCents: 50000, vatCents: 12000, grossCents: 62000, vatCategory: 'S' }],
          totals: { netCents: 50000, vatCents: 12000, grossCents: 62000 },
          period: null,
          parties: null,
        },
      },
      null,
    )!.postings[0]!.vat!;
    const r = vatReturn([...sale, ...purchase, ...settlement]);
    expect(r.rows).toEqual([{ category: 'S', rateBp: 2400, outputBaseCents: 50000, outputVatCents: 12000, inputBaseCents: 10000, inputVatCents: 2400 }]);
    expect(r).toMatchObject({ outputVatCents: 12000, inputVatCents: 2400, netVatCents: 9600, settlementsCents: 5000 });
  });

  it('counts a VAT account line no tag explains, so nothing on the account goes missing', () => {
    const m = journalVatMovements([
      { accountId: VAT, debitCents: 0, creditCents: 300 },
      { accountId: OFFICE, debitCents: 300, creditCents: 0 },
    ]);
    expect(vatReturn(m)).toMatchObject({ rows: [{ category: null, rateBp: null, inputVatCents: -300 }], netVatCents: 300 });
  });

  it('on generated histories, net VAT equals the movement of the VAT account other than settlements, for any period', () => {
    fc.assert(
      fc.property(historyArb(), dayArb, fc.nat(800), (history, from, length) => {
        const events = history.map((h) => h.event);
        const to = addDays(from, length);
        const r = vatReturn(movementsIn(events, from, to));
        const account = totalsInRange(foldEffects(effectsOf(events)), from, to).get(VAT) ?? { debitCents: 0, creditCents: 0 };
        expect(r.netVatCents).toBe(account.creditCents - account.debitCents + r.settlementsCents);
        expect(r.outputVatCents).toBe(r.rows.reduce((s, row) => s + row.outputVatCents, 0));
      }),
      { numRuns: 1000 },
    );
  });

  it('on generated histories, a voided invoice or deleted entry leaves nothing in the return', () => {
    fc.assert(
      fc.property(historyArb(), (history) => {
        const effects = effectsOf(history.map((h) => h.event));
        const deleted = new Set(effects.filter((e) => e.entry.status === 'deleted').map((e) => e.entryId));
        const left = vatReturn(effects.filter((e) => deleted.has(e.entryId)).flatMap((e) => e.postings.flatMap((p) => p.vat ?? [])));
        expect(left.rows).toEqual([]);
        expect(left.settlementsCents).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});
