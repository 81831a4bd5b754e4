import { normalBalance, type AccountType, type CashFlowClass } from './accounts';

/**
 * Report arithmetic over pre-aggregated balances: every function here costs O(accounts), whatever
 * the number of journal lines behind the totals.
 */

export interface ReportAccount {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  cashFlowClass: CashFlowClass;
}

export interface Totals {
  debitCents: number;
  creditCents: number;
}

/** Debit and credit totals per account id over some range of days; absent means no movement. */
export type TotalsByAccount = ReadonlyMap<string, Totals>;

export interface ReportLine {
  /** Null for computed lines such as current-period earnings. */
  accountId: string | null;
  account: string;
  balanceCents: number;
}

const ZERO: Totals = { debitCents: 0, creditCents: 0 };
const totalsOf = (t: TotalsByAccount, id: string): Totals => t.get(id) ?? ZERO;

const byCode = (a: ReportAccount, b: ReportAccount) => a.code.localeCompare(b.code) || a.name.localeCompare(b.name);

/** `extra` adds to an account's balance as shown (a reclassification: see `balanceSheet`). */
const linesOf = (accounts: ReportAccount[], totals: TotalsByAccount, type: AccountType, extra?: ReadonlyMap<string, number>): ReportLine[] =>
  accounts
    .filter((a) => a.type === type)
    .sort(byCode)
    .map((a) => {
      const t = totalsOf(totals, a.id);
      return { accountId: a.id, account: a.name, balanceCents: normalBalance(a.type, t.debitCents, t.creditCents) + (extra?.get(a.id) ?? 0) };
    })
    .filter((l) => l.balanceCents !== 0);

const total = (lines: ReportLine[]): number => lines.reduce((acc, l) => acc + l.balanceCents, 0);

export interface IncomeStatement {
  revenues: ReportLine[];
  expenses: ReportLine[];
  totalRevenueCents: number;
  totalExpensesCents: number;
  netIncomeCents: number;
}

export const incomeStatement = (accounts: ReportAccount[], period: TotalsByAccount): IncomeStatement => {
  const revenues = linesOf(accounts, period, 'revenue');
  const expenses = linesOf(accounts, period, 'expense');
  const totalRevenueCents = total(revenues);
  const totalExpensesCents = total(expenses);
  return { revenues, expenses, totalRevenueCents, totalExpensesCents, netIncomeCents: totalRevenueCents - totalExpensesCents };
};

export const netIncome = (accounts: ReportAccount[], period: TotalsByAccount): number => incomeStatement(accounts, period).netIncomeCents;

export interface BalanceSheet {
  assets: ReportLine[];
  liabilities: ReportLine[];
  equity: ReportLine[];
  totalAssetsCents: number;
  totalLiabilitiesCents: number;
  totalEquityCents: number;
  totalLiabilitiesAndEquityCents: number;
}

export const PRIOR_EARNINGS = 'Retained earnings from prior years';
export const CURRENT_EARNINGS = 'Current period earnings';
export const CUSTOMER_CREDIT = 'Customer credit balances';

/** The lines the balance sheet computes (no account of their own); the server names them in English, clients translate them. */
export const COMPUTED_LINES = [PRIOR_EARNINGS, CURRENT_EARNINGS, CUSTOMER_CREDIT] as const;
export type ComputedLine = (typeof COMPUTED_LINES)[number];
export const computedLineOf = (l: Pick<ReportLine, 'accountId' | 'account'>): ComputedLine | undefined =>
  l.accountId === null || l.accountId === undefined ? COMPUTED_LINES.find((name) => name === l.account) : undefined;

/**
 * Customer credit inside Accounts Receivable, as of the day: the account's ledger balance nets what
 * clients owe against what the company owes clients (overpayments, credit notes after payment).
 * `creditCents` is the latter, a positive amount (the negative parts of the invoices' receivable
 * balances, as the aged receivables keep them).
 */
export interface ReceivablesCredit {
  accountId: string;
  creditCents: number;
}

/**
 * Revenue and expense not yet closed enter equity as earnings: of prior years (before the as-of
 * year) and of the current year to date. A closed year's closing entry has already moved its
 * result to Retained Earnings (and emptied its revenue and expense accounts), so it shows there
 * and not as earnings; either way assets = liabilities + equity holds on every day.
 *
 * Customer credit is not netted into receivables (IAS 1.32): the receivables line shows what
 * clients owe (the ledger balance plus the credit in it) and a liability line the credit the
 * company owes them; both sides grow by the same amount, so the sheet still balances, and the
 * receivables line equals the aged receivables' total owed.
 */
export const balanceSheet = (accounts: ReportAccount[], cumulative: TotalsByAccount, yearToDate: TotalsByAccount, receivables?: ReceivablesCredit): BalanceSheet => {
  const credit = receivables?.creditCents ?? 0;
  const assets = linesOf(accounts, cumulative, 'asset', credit ? new Map([[receivables!.accountId, credit]]) : undefined);
  const liabilities = [...linesOf(accounts, cumulative, 'liability'), ...(credit ? [{ accountId: null, account: CUSTOMER_CREDIT, balanceCents: credit }] : [])];
  const current = netIncome(accounts, yearToDate);
  const prior = netIncome(accounts, cumulative) - current;
  const equity = [
    ...linesOf(accounts, cumulative, 'equity'),
    ...(prior !== 0 ? [{ accountId: null, account: PRIOR_EARNINGS, balanceCents: prior }] : []),
    { accountId: null, account: CURRENT_EARNINGS, balanceCents: current },
  ];
  const totalLiabilitiesCents = total(liabilities);
  const totalEquityCents = total(equity);
  return {
    assets,
    liabilities,
    equity,
    totalAssetsCents: total(assets),
    totalLiabilitiesCents,
    totalEquityCents,
    totalLiabilitiesAndEquityCents: totalLiabilitiesCents + totalEquityCents,
  };
};

export interface CashFlowStatement {
  netIncomeCents: number;
  /** Working-capital and other operating balance changes, as their effect on cash. */
  operatingAdjustments: ReportLine[];
  cashFromOperationsCents: number;
  investing: ReportLine[];
  cashFromInvestingCents: number;
  financing: ReportLine[];
  cashFromFinancingCents: number;
  netCashFlowCents: number;
  /** Change of the cash-class balances over the period; equals netCashFlowCents on balanced books. */
  cashChangeCents: number;
  /** The cash-class balances on the day before the period starts, and at its end (opening + change). */
  openingCashCents: number;
  closingCashCents: number;
}

/** A rise in a non-cash balance-sheet account (in debit terms) is cash spent, and the reverse. */
const cashEffects = (accounts: ReportAccount[], period: TotalsByAccount, cls: CashFlowClass): ReportLine[] =>
  accounts
    .filter((a) => a.cashFlowClass === cls && a.type !== 'revenue' && a.type !== 'expense')
    .sort(byCode)
    .map((a) => {
      const t = totalsOf(period, a.id);
      return { accountId: a.id, account: a.name, balanceCents: t.creditCents - t.debitCents };
    })
    .filter((l) => l.balanceCents !== 0);

const cashBalance = (accounts: ReportAccount[], totals: TotalsByAccount): number =>
  accounts.filter((a) => a.cashFlowClass === 'cash').reduce((acc, a) => acc + totalsOf(totals, a.id).debitCents - totalsOf(totals, a.id).creditCents, 0);

/** `before` holds the totals of every day before the period (for the opening cash line). */
export const cashFlow = (accounts: ReportAccount[], period: TotalsByAccount, before: TotalsByAccount = new Map()): CashFlowStatement => {
  const netIncomeCents = netIncome(accounts, period);
  const operatingAdjustments = cashEffects(accounts, period, 'operating');
  const investing = cashEffects(accounts, period, 'investing');
  const financing = cashEffects(accounts, period, 'financing');
  const cashFromOperationsCents = netIncomeCents + total(operatingAdjustments);
  const cashFromInvestingCents = total(investing);
  const cashFromFinancingCents = total(financing);
  const cashChangeCents = cashBalance(accounts, period);
  const openingCashCents = cashBalance(accounts, before);
  return {
    netIncomeCents,
    operatingAdjustments,
    cashFromOperationsCents,
    investing,
    cashFromInvestingCents,
    financing,
    cashFromFinancingCents,
    netCashFlowCents: cashFromOperationsCents + cashFromInvestingCents + cashFromFinancingCents,
    cashChangeCents,
    openingCashCents,
    closingCashCents: openingCashCents + cashChangeCents,
  };
};

export interface TrialBalanceRow {
  accountId: string;
  code: string;
  account: string;
  type: AccountType;
  /** The net balance on its side: one of the two is 0. */
  debitCents: number;
  creditCents: number;
}

export interface TrialBalance {
  rows: TrialBalanceRow[];
  totalDebitCents: number;
  totalCreditCents: number;
}

export const trialBalance = (accounts: ReportAccount[], cumulative: TotalsByAccount): TrialBalance => {
  const rows = [...accounts]
    .sort(byCode)
    .map((a) => {
      const t = totalsOf(cumulative, a.id);
      const net = t.debitCents - t.creditCents;
      return { accountId: a.id, code: a.code, account: a.name, type: a.type, debitCents: Math.max(net, 0), creditCents: Math.max(-net, 0) };
    })
    .filter((r) => r.debitCents !== 0 || r.creditCents !== 0);
  return {
    rows,
    totalDebitCents: rows.reduce((acc, r) => acc + r.debitCents, 0),
    totalCreditCents: rows.reduce((acc, r) => acc + r.creditCents, 0),
  };
};
