import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART, SYSTEM_ACCOUNT_IDS, type Account } from '../accounting/accounts';
import type { Posting } from '../accounting/postings';
import { checkReconciliation, postingsOf, splitGross, toFieldErrors, type ReconciliationContext, type ReconciliationPart } from './reconciliation';
import type { StatementLine } from './statement';

const SAVINGS_LEDGER = 'a0000000-0000-4000-8000-000000001001';
const accounts = new Map<string, Account>(DEFAULT_CHART.map((a) => [a.code, { ...a, active: true }]));
accounts.set('5900', { id: 'x-5900', code: '5900', name: 'Old costs', type: 'expense', cashFlowClass: 'operating', active: false, systemKey: null });

const ctx: ReconciliationContext = {
  moneyAccountId: 'main',
  moneyAccounts: new Map([
    ['main', { ledgerAccountId: SYSTEM_ACCOUNT_IDS.bank }],
    ['savings', { ledgerAccountId: SAVINGS_LEDGER }],
  ]),
  accounts,
  invoices: new Map([
    ['inv-1', { clientId: 'c-1', openCents: 10_000, refundableCents: 0 }],
    ['inv-2', { clientId: 'c-1', openCents: 5_000, refundableCents: 3_000 }],
  ]),
  movements: new Map([
    ['mv-payout', { amountCents: 25_000, reconciled: false }],
    ['mv-done', { amountCents: 1_000, reconciled: true }],
    ['mv-refund', { amountCents: -2_000, reconciled: false }],
  ]),
  clientIds: new Set(['c-1']),
  bills: new Map([
    ['bill-1', { supplierId: 's-1', posted: true, openCents: 12_400 }],
    ['bill-2', { supplierId: 's-1', posted: true, openCents: 5_000 }],
    ['bill-draft', { supplierId: 's-1', posted: false, openCents: 3_000 }],
  ]),
};

const line = (amountCents: number): StatementLine => ({
  bookingDate: '2026-03-10',
  valueDate: '2026-03-10',
  amountCents,
  description: 'TRANSFER',
  counterpartyName: null,
  counterpartyIban: null,
  reference: null,
  bankReference: null,
});

const codes = (l: StatementLine, parts: ReconciliationPart[]) => checkReconciliation(l, parts, ctx).map((e) => [e.field, e.code]);
const net = (postings: Posting[], accountId: string) => postings.flatMap((p) => p.lines).filter((l) => l.accountId === accountId).reduce((s, l) => s + l.debitCents - l.creditCents, 0);

describe('checkReconciliation', () => {
  it('given a payment of two invoices with the excess as credit, when checked, then it is accepted', () => {
    const parts: ReconciliationPart[] = [
      { kind: 'invoice', invoiceId: 'inv-1', cents: 10_000 },
      { kind: 'invoice', invoiceId: 'inv-2', cents: 5_000 },
      { kind: 'clientCredit', clientId: 'c-1', cents: 500 },
    ];
    expect(checkReconciliation(line(15_500), parts, ctx)).toEqual([]);
  });

  it('given parts that miss the line by a cent, when checked, then the sum is refused with both figures', () => {
    const errors = checkReconciliation(line(10_001), [{ kind: 'invoice', invoiceId: 'inv-1', cents: 10_000 }], ctx);
    expect(errors).toEqual([{ field: 'parts', code: 'SUM_MISMATCH', message: 'The parts add up to 100.00; the line is 100.01.' }]);
  });

  it('given no parts, a zero part or a fractional part, when checked, then each is refused', () => {
    expect(codes(line(100), [])).toEqual([['parts', 'NO_PARTS']]);
    expect(codes(line(100), [{ kind: 'invoice', invoiceId: 'inv-1', cents: 100 }, { kind: 'invoice', invoiceId: 'inv-1', cents: 0 }])).toEqual([['parts.1.cents', 'AMOUNT_ZERO']]);
    expect(codes(line(100), [{ kind: 'invoice', invoiceId: 'inv-1', cents: 99.5 }])).toEqual([['parts.0.cents', 'AMOUNT_INVALID']]);
  });

  it('given two parts on one invoice that together exceed what is open, when checked, then the first is refused', () => {
    const parts: ReconciliationPart[] = [
      { kind: 'invoice', invoiceId: 'inv-2', cents: 3_000 },
      { kind: 'invoice', invoiceId: 'inv-2', cents: 2_001 },
    ];
    expect(codes(line(5_001), parts)).toEqual([['parts.0.cents', 'OVER_OPEN_AMOUNT']]);
  });

  it('given a refund paid out, when checked, then it may not exceed what is refundable', () => {
    expect(codes(line(-3_000), [{ kind: 'invoice', invoiceId: 'inv-2', cents: -3_000 }])).toEqual([]);
    expect(codes(line(-3_001), [{ kind: 'invoice', invoiceId: 'inv-2', cents: -3_001 }])).toEqual([['parts.0.cents', 'OVER_REFUNDABLE']]);
  });

  it('given an invoice part against the line, or an unknown invoice, when checked, then it is refused', () => {
    expect(codes(line(-100), [{ kind: 'invoice', invoiceId: 'inv-1', cents: 200 }, { kind: 'account', accountCode: '5500', cents: -300, vatRateBp: 0, description: 'Fee' }])).toEqual([
      ['parts.0.cents', 'WRONG_DIRECTION'],
    ]);
    expect(codes(line(100), [{ kind: 'invoice', invoiceId: 'nope', cents: 100 }])).toEqual([['parts.0.invoiceId', 'INVOICE_UNKNOWN']]);
  });

  it('given a payment less the bank charge, when checked, then an account part against the line is accepted', () => {
    const parts: ReconciliationPart[] = [
      { kind: 'invoice', invoiceId: 'inv-1', cents: 10_000 },
      { kind: 'account', accountCode: '5500', cents: -250, vatRateBp: 0, description: 'Incoming transfer fee' },
    ];
    expect(checkReconciliation(line(9_750), parts, ctx)).toEqual([]);
  });

  it('given movements, when checked, then one matched whole and unreconciled is accepted and others are refused', () => {
    expect(codes(line(25_000), [{ kind: 'movement', movementId: 'mv-payout', cents: 25_000 }])).toEqual([]);
    expect(codes(line(1_000), [{ kind: 'movement', movementId: 'mv-done', cents: 1_000 }])).toEqual([['parts.0.movementId', 'MOVEMENT_RECONCILED']]);
    expect(codes(line(2_000), [{ kind: 'movement', movementId: 'mv-refund', cents: 2_000 }])).toEqual([['parts.0.cents', 'MOVEMENT_AMOUNT']]);
    expect(codes(line(20_000), [{ kind: 'movement', movementId: 'mv-payout', cents: 10_000 }, { kind: 'movement', movementId: 'mv-payout', cents: 10_000 }])).toEqual([
      ['parts.0.cents', 'MOVEMENT_AMOUNT'],
      ['parts.1.cents', 'MOVEMENT_AMOUNT'],
      ['parts.1.movementId', 'MOVEMENT_TWICE'],
    ]);
    expect(codes(line(5), [{ kind: 'movement', movementId: 'nope', cents: 5 }])).toEqual([['parts.0.movementId', 'MOVEMENT_UNKNOWN']]);
  });

  it('given account parts, when checked, then unknown, inactive, money, receivable accounts and VAT on VAT are refused', () => {
    const account = (accountCode: string, vatRateBp = 0, description = 'x'): ReconciliationPart[] => [{ kind: 'account', accountCode, cents: -100, vatRateBp, description }];
    expect(codes(line(-100), account('5200', 2400))).toEqual([]);
    expect(codes(line(-100), account('9999'))).toEqual([['parts.0.accountCode', 'ACCOUNT_UNKNOWN']]);
    expect(codes(line(-100), account('5900'))).toEqual([['parts.0.accountCode', 'ACCOUNT_INACTIVE']]);
    expect(codes(line(-100), account('1000'))).toEqual([['parts.0.accountCode', 'ACCOUNT_NOT_POSTABLE']]);
    expect(codes(line(-100), account('1100'))).toEqual([['parts.0.accountCode', 'ACCOUNT_NOT_POSTABLE']]);
    expect(codes(line(-100), account('2100', 2400))).toEqual([['parts.0.accountCode', 'VAT_ON_SETTLEMENT']]);
    expect(codes(line(-100), account('2100', 0))).toEqual([]);
    expect(codes(line(-100), account('5200', 10_001))).toEqual([['parts.0.vatRateBp', 'VAT_RATE_INVALID']]);
    expect(codes(line(-100), account('5200', 0, 'a\u0000b'))).toEqual([['parts.0.description', 'DESCRIPTION_INVALID']]);
  });

  it('given transfers and credits, when checked, then the own account, an unknown client and credit paid out are refused', () => {
    expect(codes(line(-100), [{ kind: 'transfer', moneyAccountId: 'savings', cents: -100 }])).toEqual([]);
    expect(codes(line(-100), [{ kind: 'transfer', moneyAccountId: 'main', cents: -100 }])).toEqual([['parts.0.moneyAccountId', 'TRANSFER_TO_ITSELF']]);
    expect(codes(line(-100), [{ kind: 'transfer', moneyAccountId: 'gone', cents: -100 }])).toEqual([['parts.0.moneyAccountId', 'MONEY_ACCOUNT_UNKNOWN']]);
    expect(codes(line(100), [{ kind: 'clientCredit', clientId: 'c-9', cents: 100 }])).toEqual([['parts.0.clientId', 'CLIENT_UNKNOWN']]);
    expect(codes(line(-100), [{ kind: 'clientCredit', clientId: 'c-1', cents: -100 }])).toEqual([['parts.0.cents', 'WRONG_DIRECTION']]);
  });

  it('given refusals, when turned into field errors, then messages are grouped by field', () => {
    const errors = checkReconciliation(line(100), [{ kind: 'invoice', invoiceId: 'nope', cents: 0 }], ctx);
    expect(Object.keys(toFieldErrors(errors)).sort()).toEqual(['parts', 'parts.0.cents', 'parts.0.invoiceId']);
  });
});

describe('splitGross', () => {
  it('given 124.00 at 24 %, when split, then 100.00 net and 24.00 VAT', () => {
    expect(splitGross(12_400, 2400)).toEqual({ netCents: 10_000, vatCents: 2_400 });
  });

  it('given an amount whose VAT falls on half a cent, when split, then the VAT rounds half up (away from zero)', () => {
    // 21 cents at 5 %: 1 cent exactly; 31 at 5 %: 1.476 → 1; 0.50 at 100 %: 25 cents.
    expect(splitGross(21, 500)).toEqual({ netCents: 20, vatCents: 1 });
    expect(splitGross(50, 10_000)).toEqual({ netCents: 25, vatCents: 25 });
    expect(splitGross(-50, 10_000)).toEqual({ netCents: -25, vatCents: -25 });
    expect(splitGross(1, 10_000)).toEqual({ netCents: 0, vatCents: 1 });
  });

  it('net plus VAT is always the gross, and the VAT is the nearest cent to gross × rate / (1 + rate)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (gross, rate) => {
        const { netCents, vatCents } = splitGross(gross, rate);
        expect(netCents + vatCents).toBe(gross);
        const exact = (gross * rate) / (10_000 + rate);
        expect(Math.abs(vatCents - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

describe('postingsOf', () => {
  it('given an expense of 124.00 at 24 %, when posted, then Dr hosting 100, Dr VAT 24, Cr bank 124 with input VAT in the return', () => {
    const postings = postingsOf(line(-12_400), [{ kind: 'account', accountCode: '5200', cents: -12_400, vatRateBp: 2400, description: 'Hosting March' }], ctx);
    expect(postings).toEqual([
      {
        kind: 'posting',
        date: '2026-03-10',
        description: 'Hosting March',
        lines: [
          { accountId: accounts.get('5200')!.id, debitCents: 10_000, creditCents: 0 },
          { accountId: SYSTEM_ACCOUNT_IDS.vatPayable, debitCents: 2_400, creditCents: 0 },
          { accountId: SYSTEM_ACCOUNT_IDS.bank, debitCents: 0, creditCents: 12_400 },
        ],
        vat: [{ direction: 'input', category: 'S', rateBp: 2400, baseCents: 10_000, vatCents: 2_400 }],
      },
    ]);
  });

  it('given other income at 24 %, when posted, then the VAT is output VAT', () => {
    const [p] = postingsOf(line(12_400), [{ kind: 'account', accountCode: '4100', cents: 12_400, vatRateBp: 2400, description: 'Consulting' }], ctx);
    expect(p!.vat).toEqual([{ direction: 'output', category: 'S', rateBp: 2400, baseCents: 10_000, vatCents: 2_400 }]);
  });

  it('given a VAT payment to the tax authority, when posted, then it is a settlement, not input VAT', () => {
    const [p] = postingsOf(line(-50_000), [{ kind: 'account', accountCode: '2100', cents: -50_000, vatRateBp: 0, description: 'VAT Q1' }], ctx);
    expect(p!.vat).toEqual([{ direction: 'settlement', category: null, rateBp: null, baseCents: 0, vatCents: 50_000 }]);
    expect(p!.lines.find((l) => l.accountId === SYSTEM_ACCOUNT_IDS.vatPayable)).toMatchObject({ debitCents: 50_000, vatSettlement: true });
  });

  it('given invoices, credit, a transfer and a movement, when posted, then receivables and the other money account take them and the movement posts nothing', () => {
    const parts: ReconciliationPart[] = [
      { kind: 'invoice', invoiceId: 'inv-1', cents: 10_000 },
      { kind: 'clientCredit', clientId: 'c-1', cents: 500 },
      { kind: 'transfer', moneyAccountId: 'savings', cents: 2_000 },
      { kind: 'movement', movementId: 'mv-payout', cents: 25_000 },
    ];
    const postings = postingsOf(line(37_500), parts, ctx);
    expect(postings).toHaveLength(3);
    expect(net(postings, SYSTEM_ACCOUNT_IDS.bank)).toBe(12_500);
    expect(net(postings, SYSTEM_ACCOUNT_IDS.receivables)).toBe(-10_500);
    expect(net(postings, SAVINGS_LEDGER)).toBe(-2_000);
  });

  it('given a part the context does not know, when posted, then it throws (check first)', () => {
    expect(() => postingsOf(line(-1), [{ kind: 'account', accountCode: '9999', cents: -1, vatRateBp: 0, description: '' }], ctx)).toThrow(/check the reconciliation first/);
  });
});

const postableCodes = ['4100', '5000', '5100', '5200', '5500', '1500', '2100', '2500'];
const partArb = (sign: 1 | -1): fc.Arbitrary<ReconciliationPart> =>
  fc.oneof(
    fc.integer({ min: 1, max: 10_000 }).map((c): ReconciliationPart => ({ kind: 'invoice', invoiceId: 'inv-1', cents: sign * c })),
    fc.integer({ min: 1, max: 10_000 }).map((c): ReconciliationPart => ({ kind: 'transfer', moneyAccountId: 'savings', cents: sign * c })),
    fc.tuple(fc.constantFrom(...postableCodes), fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((c) => c !== 0), fc.constantFrom(0, 600, 1300, 2400, 10_000)).map(
      ([code, cents, rate]): ReconciliationPart => ({ kind: 'account', accountCode: code, cents, vatRateBp: code === '2100' ? 0 : rate, description: 'generated' }),
    ),
    ...(sign > 0 ? [fc.integer({ min: 1, max: 10_000 }).map((c): ReconciliationPart => ({ kind: 'clientCredit', clientId: 'c-1', cents: c }))] : []),
  );

describe('postings on generated reconciliations', () => {
  it('every posting balances, the money account moves by exactly the line, and the VAT return adds up to the VAT account', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | -1>(1, -1).chain((sign) => fc.array(partArb(sign), { minLength: 1, maxLength: 8 })),
        (parts) => {
          const amount = parts.reduce((s, p) => s + p.cents, 0);
          fc.pre(amount !== 0);
          const postings = postingsOf(line(amount), parts, ctx);
          for (const p of postings) {
            expect(p.lines.reduce((s, l) => s + l.debitCents, 0)).toBe(p.lines.reduce((s, l) => s + l.creditCents, 0));
            for (const l of p.lines) expect(l.debitCents > 0 !== l.creditCents > 0).toBe(true);
          }
          expect(net(postings, SYSTEM_ACCOUNT_IDS.bank)).toBe(amount);
          const vatInReturn = postings.flatMap((p) => p.vat ?? []).reduce((s, m) => s + (m.direction === 'output' ? -m.vatCents : m.vatCents), 0);
          expect(vatInReturn).toBe(net(postings, SYSTEM_ACCOUNT_IDS.vatPayable));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('checkReconciliation on generated parts', () => {
  it('accepts a sum only when the parts add up to the line exactly', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | -1>(1, -1).chain((sign) => fc.array(partArb(sign), { minLength: 1, maxLength: 8 })),
        fc.integer({ min: -3, max: 3 }),
        (parts, off) => {
          const sum = parts.reduce((s, p) => s + p.cents, 0);
          fc.pre(sum + off !== 0);
          const mismatch = checkReconciliation(line(sum + off), parts, ctx).some((e) => e.code === 'SUM_MISMATCH');
          expect(mismatch).toBe(off !== 0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('bill parts', () => {
  it('given money out paying two posted bills, when checked, then it is accepted and books Dr Accounts Payable, Cr the bank', () => {
    const parts: ReconciliationPart[] = [
      { kind: 'bill', billId: 'bill-1', cents: -12_400 },
      { kind: 'bill', billId: 'bill-2', cents: -2_000 },
    ];
    expect(checkReconciliation(line(-14_400), parts, ctx)).toEqual([]);
    const postings = postingsOf(line(-14_400), parts, ctx);
    expect(net(postings, SYSTEM_ACCOUNT_IDS.payables)).toBe(14_400);
    expect(net(postings, SYSTEM_ACCOUNT_IDS.bank)).toBe(-14_400);
  });

  it('given an unknown bill, a draft, money in, or more than is open, when checked, then each is refused with its code', () => {
    expect(codes(line(-100), [{ kind: 'bill', billId: 'nope', cents: -100 }])).toEqual([['parts.0.billId', 'BILL_UNKNOWN']]);
    expect(codes(line(-100), [{ kind: 'bill', billId: 'bill-draft', cents: -100 }])).toEqual([['parts.0.billId', 'BILL_NOT_POSTED']]);
    expect(codes(line(100), [{ kind: 'bill', billId: 'bill-1', cents: 100 }])).toEqual([['parts.0.cents', 'WRONG_DIRECTION']]);
    // A payment out on a line of money in is still the wrong way, whatever the part's sign.
    expect(codes(line(100), [{ kind: 'bill', billId: 'bill-1', cents: -100 }, { kind: 'account', accountCode: '4000', cents: 200, vatRateBp: 0, description: 'x' }])).toContainEqual(['parts.0.cents', 'WRONG_DIRECTION']);
  });

  it('given two parts of one bill that together pay more than is open, when checked, then the first is refused with the open amount', () => {
    const errors = checkReconciliation(line(-6_000), [{ kind: 'bill', billId: 'bill-2', cents: -3_000 }, { kind: 'bill', billId: 'bill-2', cents: -3_000 }], ctx);
    expect(errors).toEqual([{ field: 'parts.0.cents', code: 'OVER_BILL_OPEN', message: 'The bill has 50.00 open.' }]);
  });
});
