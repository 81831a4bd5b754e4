import { describe, expect, it } from 'vitest';
import { DEFAULT_CHART, SYSTEM_ACCOUNT_IDS } from './accounts';
import { balanceSheet, computedLineOf, CUSTOMER_CREDIT, type TotalsByAccount } from './reports';

const A = SYSTEM_ACCOUNT_IDS;
const cents = (euros: number) => Math.round(euros * 100);

/**
 * The accountant's example: clients owe 2,166.00 and hold 500.00 of credit, so Accounts Receivable
 * nets to 1,666.00 in the ledger (a sale of 2,666.00 of which 500.00 was overpaid on another invoice).
 */
const ledger: TotalsByAccount = new Map([
  [A.receivables, { debitCents: cents(2_666), creditCents: cents(1_000) }],
  [A.bank, { debitCents: cents(1_000), creditCents: 0 }],
  [A.servicesRevenue, { debitCents: 0, creditCents: cents(2_666) }],
]);

describe('the balance sheet and customer credit (IAS 1.32)', () => {
  it('shows what clients owe as an asset and their credit as a liability, never netted, and still balances', () => {
    const sheet = balanceSheet(DEFAULT_CHART, ledger, ledger, { accountId: A.receivables, creditCents: cents(500) });
    expect(sheet.assets.find((l) => l.accountId === A.receivables)?.balanceCents).toBe(cents(2_166));
    expect(sheet.liabilities).toEqual([{ accountId: null, account: CUSTOMER_CREDIT, balanceCents: cents(500) }]);
    expect(sheet.totalAssetsCents).toBe(cents(3_166));
    expect(sheet.totalAssetsCents).toBe(sheet.totalLiabilitiesAndEquityCents);
  });

  it('shows the receivables line even when credit and debts cancel out in the ledger', () => {
    const even: TotalsByAccount = new Map([
      [A.receivables, { debitCents: cents(300), creditCents: cents(300) }],
      [A.bank, { debitCents: cents(300), creditCents: 0 }],
      [A.servicesRevenue, { debitCents: 0, creditCents: cents(300) }],
    ]);
    const sheet = balanceSheet(DEFAULT_CHART, even, even, { accountId: A.receivables, creditCents: cents(120) });
    expect(sheet.assets.find((l) => l.accountId === A.receivables)?.balanceCents).toBe(cents(120));
    expect(sheet.totalAssetsCents).toBe(sheet.totalLiabilitiesAndEquityCents);
  });

  it('adds no line without credit, and reads the computed lines by name only when they carry no account', () => {
    const sheet = balanceSheet(DEFAULT_CHART, ledger, ledger, { accountId: A.receivables, creditCents: 0 });
    expect(sheet.assets.find((l) => l.accountId === A.receivables)?.balanceCents).toBe(cents(1_666));
    expect(sheet.liabilities).toEqual([]);
    expect(computedLineOf({ accountId: null, account: CUSTOMER_CREDIT })).toBe(CUSTOMER_CREDIT);
    expect(computedLineOf({ accountId: A.bank, account: CUSTOMER_CREDIT })).toBeUndefined();
  });
});
