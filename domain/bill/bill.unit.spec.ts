import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS } from '../accounting/accounts';
import type { PostingLine } from '../accounting/ledger-effect';
import { ConflictError, ValidationError } from '../shared/errors';
import {
  AE_NEEDS_RATE,
  BILL_NOT_POSTED,
  BILL_PAYMENT_NOT_FOUND,
  BILL_POSTED_IMMUTABLE,
  buildBill,
  billStatusOf,
  decideBill,
  DUE_BEFORE_DATE,
  foldBill,
  openCentsOf,
  statedMismatch,
  UNKNOWN_VAT_CATEGORY,
  ZERO_CATEGORY_RATE,
  type BillInput,
  type BillState,
} from './bill';
import type { BillEvent } from './events';
import { billEffect, billEntryIdOf, billPostingLines, billVatMovements } from './postings';
import { supplierStatement, type StatementBill } from './statement';

const HOSTING = 'a0000000-0000-4000-8000-000000005200';
const EQUIPMENT = 'a0000000-0000-4000-8000-000000001500';
const BANK = SYSTEM_ACCOUNT_IDS.bank;
const VAT = SYSTEM_ACCOUNT_IDS.vatPayable;
const AP = SYSTEM_ACCOUNT_IDS.payables;

const input: BillInput = {
  supplierId: 's1',
  supplierInvoiceNumber: ' INV-2026-0042 ',
  date: '2026-03-02',
  dueDate: '2026-03-16',
  lines: [
    { description: 'Dedicated server', accountId: HOSTING, quantityMilli: 2000, unitPriceCents: 4_990, vatRateBp: 2400 },
    { description: 'Laptop', accountId: EQUIPMENT, quantityMilli: 1000, unitPriceCents: 120_000, vatRateBp: 2400, vatCategory: 's' },
    { description: 'Rack space abroad', accountId: HOSTING, quantityMilli: 1000, unitPriceCents: 10_000, vatRateBp: 2400, vatCategory: 'AE' },
    { description: 'Postage', accountId: HOSTING, quantityMilli: 1500, unitPriceCents: 333, vatRateBp: 0 },
  ],
};

const isBalanced = (lines: PostingLine[]) => lines.reduce((s, l) => s + l.debitCents - l.creditCents, 0) === 0;

const fieldErrors = (run: () => unknown): Record<string, string[]> => {
  try {
    run();
  } catch (err) {
    if (err instanceof ValidationError) return err.fieldErrors ?? {};
    throw err;
  }
  throw new Error('not refused');
};

const drafted = (): BillEvent => decideBill({ type: 'DraftBill', data: { billId: 'b1', ...input } }, { status: 'empty' })[0]!;
const posted = (): BillEvent[] => {
  const draft = drafted();
  return [draft, ...decideBill({ type: 'PostBill' }, foldBill([draft]))];
};

describe('a bill', () => {
  it('reckons each line as invoices do and keeps charged and self-assessed VAT apart in its totals', () => {
    const bill = buildBill(input);
    expect(bill.supplierInvoiceNumber).toBe('INV-2026-0042');
    expect(bill.lines.map((l) => [l.vatCategory, l.netCents, l.vatCents])).toEqual([
      ['S', 9_980, 2_395],
      ['S', 120_000, 28_800],
      ['AE', 10_000, 2_400],
      ['Z', 500, 0],
    ]);
    // The supplier is owed net + charged VAT; reverse-charge VAT is the company's own to declare.
    expect(bill.totals).toEqual({ netCents: 140_480, vatCents: 31_195, selfAssessedVatCents: 2_400, grossCents: 171_675 });
  });

  it('refuses what does not add up, naming every field: dates, categories, rates and the stated totals', () => {
    const errors = fieldErrors(() =>
      buildBill({
        ...input,
        dueDate: '2026-03-01',
        lines: [
          { ...input.lines[0]!, vatCategory: 'X' },
          { ...input.lines[1]!, vatCategory: 'Z' },
          { ...input.lines[2]!, vatRateBp: 0 },
          { ...input.lines[3]!, quantityMilli: 0 },
        ],
        stated: { netCents: 140_480, grossCents: 171_676 },
      }),
    );
    expect(errors).toEqual({
      dueDate: [DUE_BEFORE_DATE],
      'lines.0.vatCategory': [UNKNOWN_VAT_CATEGORY],
      'lines.1.vatRateBp': [ZERO_CATEGORY_RATE],
      'lines.2.vatRateBp': [AE_NEEDS_RATE],
      'lines.3.quantityMilli': ['Enter a quantity above 0.'],
      // Line 3 at quantity 0 adds nothing: the stated net no longer agrees either.
      netAmount: [statedMismatch(139_980, 140_480)],
      totalAmount: [statedMismatch(171_175, 171_676)],
    });
    expect(fieldErrors(() => buildBill({ ...input, lines: [] }))).toEqual({ lines: ['A bill needs at least one line.'] });
    // Stated totals that agree are accepted.
    expect(buildBill({ ...input, stated: { netCents: 140_480, vatCents: 31_195, grossCents: 171_675 } }).totals.grossCents).toBe(171_675);
  });

  it('is a draft until posted, then immutable: no edit, no delete, a second post adds nothing', () => {
    const events = posted();
    expect(events.map((e) => e.type)).toEqual(['BillDrafted', 'BillPosted']);
    const state = foldBill(events);
    expect(billStatusOf(state)).toBe('open');
    expect(() => decideBill({ type: 'EditBill', data: input }, state)).toThrow(ConflictError);
    expect(() => decideBill({ type: 'EditBill', data: input }, state)).toThrow(BILL_POSTED_IMMUTABLE);
    expect(() => decideBill({ type: 'DeleteBill' }, state)).toThrow(BILL_POSTED_IMMUTABLE);
    expect(decideBill({ type: 'PostBill' }, state)).toEqual([]);
    // A draft may be edited and deleted, and is gone after.
    const draft = foldBill([drafted()]);
    const edited = decideBill({ type: 'EditBill', data: { ...input, supplierInvoiceNumber: 'INV-43' } }, draft);
    expect((foldBill([drafted(), ...edited]) as { supplierInvoiceNumber?: string }).supplierInvoiceNumber).toBe('INV-43');
    const deleted = foldBill([drafted(), ...decideBill({ type: 'DeleteBill' }, draft)]);
    expect(billStatusOf(deleted)).toBe('deleted');
    expect(() => decideBill({ type: 'PostBill' }, deleted)).toThrow('Bill not found.');
  });

  it('takes payments only once posted, never above what is open, each once', () => {
    const pay = (paymentId: string, amountCents: number) => ({ type: 'RecordBillPayment' as const, data: { paymentId, amountCents, date: '2026-03-10', cashAccountId: BANK, reference: 'SEPA 1' } });
    expect(() => decideBill(pay('p0', 100), foldBill([drafted()]))).toThrow(BILL_NOT_POSTED);
    let events = posted();
    events = [...events, ...decideBill(pay('p1', 71_675), foldBill(events))];
    const partly = foldBill(events);
    expect(billStatusOf(partly)).toBe('partly_paid');
    expect(openCentsOf(partly as Parameters<typeof openCentsOf>[0])).toBe(100_000);
    expect(decideBill(pay('p1', 71_675), partly)).toEqual([]);
    expect(fieldErrors(() => decideBill(pay('p2', 100_001), partly))).toEqual({ amountCents: [expect.stringContaining('1.000,00')] });
    expect(fieldErrors(() => decideBill(pay('p2', 0), partly))).toEqual({ amountCents: ['Enter a payment above 0.'] });
    events = [...events, ...decideBill(pay('p2', 100_000), partly)];
    expect(billStatusOf(foldBill(events))).toBe('paid');
  });

  it('given a payment removed (its statement line unreconciled), then the bill owes it again, and an unknown payment is refused', () => {
    const pay = { type: 'RecordBillPayment' as const, data: { paymentId: 'p1', amountCents: 171_675, date: '2026-03-10', cashAccountId: BANK, reference: 'SEPA 1' } };
    const remove = (paymentId: string) => ({ type: 'RemoveBillPayment' as const, data: { paymentId, reason: 'statement_line_unreconciled' as const } });
    let events = posted();
    events = [...events, ...decideBill(pay, foldBill(events))];
    expect(billStatusOf(foldBill(events))).toBe('paid');
    const removed = decideBill(remove('p1'), foldBill(events));
    expect(removed).toEqual([{ type: 'BillPaymentRemoved', data: { billId: 'b1', paymentId: 'p1', amountCents: 171_675, date: '2026-03-10', cashAccountId: BANK, reason: 'statement_line_unreconciled' } }]);
    events = [...events, ...removed];
    const open = foldBill(events);
    expect(billStatusOf(open)).toBe('open');
    expect(open.status === 'posted' && open.payments).toEqual([]);
    expect(() => decideBill(remove('p1'), open)).toThrow(BILL_PAYMENT_NOT_FOUND);
    // Its entry is reversed on the payment's day and leaves the books.
    const effect = billEffect(removed[0]!)!;
    expect(billEntryIdOf(removed[0]!)).toBe(billEntryIdOf(events[2]!));
    expect(effect.entry.status).toBe('deleted');
    expect(effect.postings[0]!.lines).toEqual([
      { accountId: BANK, debitCents: 171_675, creditCents: 0 },
      { accountId: AP, debitCents: 0, creditCents: 171_675 },
    ]);
  });
});

describe('what a bill books', () => {
  it('posts net per account, charged VAT as input, reverse charge as input and output, and the whole owed on Accounts Payable, balanced', () => {
    const [, postedEvent] = posted();
    const effect = billEffect(postedEvent!)!;
    const lines = effect.postings[0]!.lines;
    expect(isBalanced(lines)).toBe(true);
    expect(lines).toEqual([
      { accountId: HOSTING, debitCents: 20_480, creditCents: 0 },
      { accountId: EQUIPMENT, debitCents: 120_000, creditCents: 0 },
      { accountId: VAT, debitCents: 31_195, creditCents: 0 },
      { accountId: VAT, debitCents: 2_400, creditCents: 0 },
      { accountId: VAT, debitCents: 0, creditCents: 2_400 },
      { accountId: AP, debitCents: 0, creditCents: 171_675 },
    ]);
    expect(effect.postings[0]!.vat).toEqual([
      { direction: 'input', category: 'S', rateBp: 2400, baseCents: 129_980, vatCents: 31_195 },
      { direction: 'input', category: 'AE', rateBp: 2400, baseCents: 10_000, vatCents: 2_400 },
      { direction: 'output', category: 'AE', rateBp: 2400, baseCents: 10_000, vatCents: 2_400 },
      { direction: 'input', category: 'Z', rateBp: 0, baseCents: 500, vatCents: 0 },
    ]);
    expect(effect.entry).toEqual({ status: 'active', date: '2026-03-02', description: 'Bill INV-2026-0042' });
    expect(billEntryIdOf(postedEvent!)).toBe(effect.entryId);
  });

  it('books a payment from the money account against Accounts Payable, and nothing for drafts', () => {
    const payment: BillEvent = { type: 'BillPaymentRecorded', data: { billId: 'b1', paymentId: 'p1', amountCents: 50_00, date: '2026-03-10', cashAccountId: BANK, reference: null } };
    expect(billEffect(payment)!.postings[0]!.lines).toEqual([
      { accountId: AP, debitCents: 5_000, creditCents: 0 },
      { accountId: BANK, debitCents: 0, creditCents: 5_000 },
    ]);
    expect(billEffect(drafted())).toBeNull();
    expect(billEntryIdOf(drafted())).toBeNull();
  });

  it('leaves out what is zero and keeps a bill of one untaxed line balanced', () => {
    const one = buildBill({ ...input, lines: [input.lines[3]!] });
    expect(billPostingLines(one.lines)).toEqual([
      { accountId: HOSTING, debitCents: 500, creditCents: 0 },
      { accountId: AP, debitCents: 0, creditCents: 500 },
    ]);
    expect(billVatMovements(one.lines)).toEqual([{ direction: 'input', category: 'Z', rateBp: 0, baseCents: 500, vatCents: 0 }]);
  });
});

describe('a supplier statement', () => {
  const bills: StatementBill[] = [
    { billId: 'b1', supplierInvoiceNumber: 'S-1', date: '2026-01-10', dueDate: '2026-02-10', grossCents: 10_000, payments: [{ paymentId: 'p1', date: '2026-02-05', amountCents: 4_000, reference: 'SEPA 1' }, { paymentId: 'p2', date: '2026-03-02', amountCents: 6_000, reference: null }] },
    { billId: 'b2', supplierInvoiceNumber: 'S-2', date: '2026-03-02', dueDate: '2026-04-01', grossCents: 2_500, payments: [] },
    { billId: 'b3', supplierInvoiceNumber: 'S-3', date: '2026-05-01', dueDate: '2026-05-31', grossCents: 900, payments: [] },
  ];

  it('opens with what was owed before the period, runs its bills and payments by day, and closes on what is owed at its end', () => {
    const s = supplierStatement(bills, '2026-02-01', '2026-03-31');
    expect(s.openingCents).toBe(10_000);
    expect(s.lines.map((l) => [l.date, l.kind, l.supplierInvoiceNumber, l.amountCents, l.balanceCents])).toEqual([
      ['2026-02-05', 'payment', 'S-1', -4_000, 6_000],
      // A day's bill before its payment.
      ['2026-03-02', 'bill', 'S-2', 2_500, 8_500],
      ['2026-03-02', 'payment', 'S-1', -6_000, 2_500],
    ]);
    expect(s.closingCents).toBe(2_500);
    // Later bills are not in it; the whole history closes on every open amount.
    expect(supplierStatement(bills, '2020-01-01', '2026-12-31').closingCents).toBe(3_400);
  });
});

describe('a supplier credit note', () => {
  const note: BillInput = {
    supplierId: 's1',
    supplierInvoiceNumber: 'CN-9',
    date: '2026-03-05',
    dueDate: '2026-03-05',
    documentType: 'credit_note',
    creditedBillId: 'b1',
    lines: [
      { description: 'Server returned', accountId: HOSTING, quantityMilli: 1000, unitPriceCents: 4_990, vatRateBp: 2400 },
      { description: 'Rack space (reverse charge)', accountId: HOSTING, quantityMilli: 1000, unitPriceCents: 10_000, vatRateBp: 2400, vatCategory: 'AE' },
    ],
  };
  const events = (): BillEvent[] => {
    const draft = decideBill({ type: 'DraftBill', data: { billId: 'c1', ...note } }, { status: 'empty' });
    return [...draft, ...decideBill({ type: 'PostBill' }, foldBill(draft))];
  };

  it('books as a bill reversed: Dr Accounts Payable, Cr the accounts and the input VAT, its VAT negative in the return', () => {
    const [, posted] = events();
    expect(posted).toMatchObject({ type: 'BillPosted', data: { documentType: 'credit_note', creditedBillId: 'b1' } });
    const effect = billEffect(posted!)!;
    expect(effect.entry.description).toBe('Supplier credit note CN-9');
    const lines = effect.postings[0]!.lines;
    expect(isBalanced(lines)).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        { accountId: AP, debitCents: 16_188, creditCents: 0 },
        { accountId: HOSTING, debitCents: 0, creditCents: 14_990 },
        { accountId: VAT, debitCents: 0, creditCents: 1_198 },
      ]),
    );
    expect(effect.postings[0]!.vat).toEqual([
      { direction: 'input', category: 'S', rateBp: 2400, baseCents: -4_990, vatCents: -1_198 },
      { direction: 'input', category: 'AE', rateBp: 2400, baseCents: -10_000, vatCents: -2_400 },
      { direction: 'output', category: 'AE', rateBp: 2400, baseCents: -10_000, vatCents: -2_400 },
    ]);
  });

  it('is refunded by the supplier up to its credit (money in), and an edit of a draft back to a bill drops the type', () => {
    const posted = events();
    const refund = decideBill({ type: 'RecordBillPayment', data: { paymentId: 'r1', amountCents: 16_188, date: '2026-03-09', cashAccountId: BANK, reference: 'Refund CN-9' } }, foldBill(posted));
    expect(refund).toEqual([{ type: 'BillPaymentRecorded', data: expect.objectContaining({ refund: true, amountCents: 16_188 }) }]);
    expect(billEffect(refund[0]!)!.postings[0]!.lines).toEqual([
      { accountId: BANK, debitCents: 16_188, creditCents: 0 },
      { accountId: AP, debitCents: 0, creditCents: 16_188 },
    ]);
    expect(billStatusOf(foldBill([...posted, ...refund]))).toBe('paid');
    const draft = decideBill({ type: 'DraftBill', data: { billId: 'c2', ...note } }, { status: 'empty' });
    const { documentType: _t, creditedBillId: _c, ...asBill } = note;
    const edited = foldBill([...draft, ...decideBill({ type: 'EditBill', data: asBill }, foldBill(draft))]);
    expect(edited.status === 'draft' && edited.documentType).toBeUndefined();
  });

  it("stands on the supplier's statement as owed less, and its refund as owed more", () => {
    const s = supplierStatement(
      [
        { billId: 'b1', supplierInvoiceNumber: 'INV-1', date: '2026-03-01', dueDate: '2026-03-31', grossCents: 10_000, payments: [] },
        { billId: 'c1', supplierInvoiceNumber: 'CN-9', date: '2026-03-05', dueDate: '2026-03-05', grossCents: 2_500, payments: [{ paymentId: 'r', date: '2026-03-09', amountCents: 500, reference: 'Refund' }], credit: true },
      ],
      '2026-03-01',
      '2026-03-31',
    );
    expect(s.lines.map((l) => [l.kind, l.amountCents, l.balanceCents])).toEqual([
      ['bill', 10_000, 10_000],
      ['credit_note', -2_500, 7_500],
      ['refund', 500, 8_000],
    ]);
  });
});
