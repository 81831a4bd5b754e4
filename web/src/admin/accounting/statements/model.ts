import type { TFunction } from 'i18next';
import { computedLineOf, CURRENT_EARNINGS, CUSTOMER_CREDIT, PRIOR_EARNINGS } from '../../../../../domain/accounting/reports';
import { csvAmount, eurosToCents } from './amounts';

/** One shown line: a label and a signed amount in cents (what reduces the result is negative). */
export interface StatementLine {
  key: string;
  label: string;
  cents: number;
  /** Set for account lines: the label links to the account's ledger. */
  accountId?: string | null;
  /** The same line in the compared period (0 when it did not move there), when comparing. */
  compareCents?: number;
}

export interface StatementSection {
  key: string;
  title: string;
  lines: StatementLine[];
  total?: StatementLine;
}

/** What a statement screen shows, in order; the CSV export writes exactly this. */
export interface StatementModel {
  title: string;
  /** Column groups: the balance sheet puts assets on one side, liabilities and equity on the other. */
  columns: Array<{ key: string; sections: StatementSection[]; totals: StatementLine[] }>;
  totals: StatementLine[];
  /** When comparing: the headings of the amount columns (this period, the compared one). */
  compareHeadings?: [string, string];
}

const mergeLines = (current: StatementLine[], other: StatementLine[]): StatementLine[] => {
  const byKey = new Map(other.map((l) => [l.key, l]));
  const seen = new Set(current.map((l) => l.key));
  return [
    ...current.map((l) => ({ ...l, compareCents: byKey.get(l.key)?.cents ?? 0 })),
    ...other.filter((l) => !seen.has(l.key)).map((l) => ({ ...l, cents: 0, compareCents: l.cents })),
  ];
};

const mergeTotal = (current: StatementLine, other: StatementLine | undefined): StatementLine => ({ ...current, compareCents: other?.cents ?? 0 });

/**
 * One statement with another of the same kind beside it (a comparison): lines matched on their
 * key (the account), lines only in the compared period shown at 0 now.
 */
export const compareModels = (current: StatementModel, other: StatementModel, headings: [string, string]): StatementModel => ({
  ...current,
  compareHeadings: headings,
  columns: current.columns.map((column, c) => ({
    ...column,
    sections: column.sections.map((section, i) => {
      const o = other.columns[c]!.sections[i]!;
      return { ...section, lines: mergeLines(section.lines, o.lines), total: section.total && mergeTotal(section.total, o.total) };
    }),
    totals: column.totals.map((total, i) => mergeTotal(total, other.columns[c]!.totals[i])),
  })),
  totals: current.totals.map((total, i) => mergeTotal(total, other.totals[i])),
});

interface WireLine {
  accountId?: string | null;
  account: string;
  balance: number;
}

// The server names its computed lines in English; the labels are ours to translate.
const COMPUTED_KEYS = {
  [CURRENT_EARNINGS]: 'admin.accounting.balance.currentEarnings',
  [PRIOR_EARNINGS]: 'admin.accounting.balance.priorEarnings',
  [CUSTOMER_CREDIT]: 'admin.accounting.balance.customerCredit',
} as const;

const labelOf = (l: WireLine, t: TFunction) => {
  const computed = computedLineOf({ accountId: l.accountId ?? null, account: l.account });
  return computed ? t(COMPUTED_KEYS[computed]) : l.account;
};

const accountLines = (t: TFunction, prefix: string, lines: WireLine[], sign = 1): StatementLine[] =>
  lines.map((l, i) => ({ key: `${prefix}-${l.accountId ?? computedLineOf({ accountId: null, account: l.account }) ?? i}`, label: labelOf(l, t), cents: sign * eurosToCents(l.balance), accountId: l.accountId }));

export interface IncomeStatementData {
  revenues: WireLine[];
  expenses: WireLine[];
  totalRevenue: number;
  totalExpenses: number;
  netIncome: number;
}

/** Expenses reduce net income, so they and their total are shown negative: in parentheses. */
export const incomeStatementModel = (r: IncomeStatementData, t: TFunction): StatementModel => ({
  title: t('admin.accounting.income.title'),
  columns: [
    {
      key: 'main',
      sections: [
        { key: 'revenues', title: t('admin.accounting.income.revenues'), lines: accountLines(t, 'rev', r.revenues), total: { key: 'totalRevenue', label: t('admin.accounting.income.totalRevenue'), cents: eurosToCents(r.totalRevenue) } },
        { key: 'expenses', title: t('admin.accounting.income.expenses'), lines: accountLines(t, 'exp', r.expenses, -1), total: { key: 'totalExpenses', label: t('admin.accounting.income.totalExpenses'), cents: -eurosToCents(r.totalExpenses) } },
      ],
      totals: [],
    },
  ],
  totals: [{ key: 'netIncome', label: t('admin.accounting.income.netIncome'), cents: eurosToCents(r.netIncome) }],
});

export interface BalanceSheetData {
  assets: WireLine[];
  liabilities: WireLine[];
  equity: WireLine[];
  totalAssets: number;
  totalLiabilities: number;
  totalEquity: number;
  totalLiabilitiesAndEquity: number;
}

export const balanceSheetModel = (r: BalanceSheetData, t: TFunction): StatementModel => ({
  title: t('admin.accounting.balance.title'),
  columns: [
    {
      key: 'assets',
      sections: [{ key: 'assets', title: t('admin.accounting.balance.assets'), lines: accountLines(t, 'asset', r.assets) }],
      totals: [{ key: 'totalAssets', label: t('admin.accounting.balance.totalAssets'), cents: eurosToCents(r.totalAssets) }],
    },
    {
      key: 'claims',
      sections: [
        { key: 'liabilities', title: t('admin.accounting.balance.liabilities'), lines: accountLines(t, 'liab', r.liabilities), total: { key: 'totalLiabilities', label: t('admin.accounting.balance.totalLiabilities'), cents: eurosToCents(r.totalLiabilities) } },
        { key: 'equity', title: t('admin.accounting.balance.equity'), lines: accountLines(t, 'eq', r.equity), total: { key: 'totalEquity', label: t('admin.accounting.balance.totalEquity'), cents: eurosToCents(r.totalEquity) } },
      ],
      totals: [{ key: 'totalLiabilitiesAndEquity', label: t('admin.accounting.balance.totalLiabilitiesAndEquity'), cents: eurosToCents(r.totalLiabilitiesAndEquity) }],
    },
  ],
  totals: [],
});

export interface CashFlowData {
  netIncome: number;
  operatingAdjustments: WireLine[];
  cashFromOperations: number;
  investing: WireLine[];
  cashFromInvesting: number;
  financing: WireLine[];
  cashFromFinancing: number;
  netCashFlow: number;
  openingCash: number;
  closingCash: number;
}

export const cashFlowModel = (r: CashFlowData, t: TFunction): StatementModel => ({
  title: t('admin.accounting.cashFlow.title'),
  columns: [
    {
      key: 'main',
      sections: [
        {
          key: 'operating',
          title: t('admin.accounting.cashFlow.operating'),
          lines: [{ key: 'netIncome', label: t('admin.accounting.cashFlow.netIncome'), cents: eurosToCents(r.netIncome) }, ...accountLines(t, 'op', r.operatingAdjustments)],
          total: { key: 'cashFromOperations', label: t('admin.accounting.cashFlow.cashFromOperations'), cents: eurosToCents(r.cashFromOperations) },
        },
        { key: 'investing', title: t('admin.accounting.cashFlow.investing'), lines: accountLines(t, 'inv', r.investing), total: { key: 'cashFromInvesting', label: t('admin.accounting.cashFlow.cashFromInvesting'), cents: eurosToCents(r.cashFromInvesting) } },
        { key: 'financing', title: t('admin.accounting.cashFlow.financing'), lines: accountLines(t, 'fin', r.financing), total: { key: 'cashFromFinancing', label: t('admin.accounting.cashFlow.cashFromFinancing'), cents: eurosToCents(r.cashFromFinancing) } },
      ],
      totals: [],
    },
  ],
  totals: [
    { key: 'openingCash', label: t('admin.accounting.cashFlow.openingCash'), cents: eurosToCents(r.openingCash) },
    { key: 'netCashFlow', label: t('admin.accounting.cashFlow.netCashFlow'), cents: eurosToCents(r.netCashFlow) },
    { key: 'closingCash', label: t('admin.accounting.cashFlow.closingCash'), cents: eurosToCents(r.closingCash) },
  ],
});

/** Rows for the CSV export: section, line, amount (and the compared amount), in the order shown. */
export const statementRows = (m: StatementModel, period: string): string[][] => {
  const rows: Array<[string, StatementLine]> = [];
  for (const column of m.columns) {
    for (const s of column.sections) {
      for (const l of s.lines) rows.push([s.title, l]);
      if (s.total) rows.push([s.title, s.total]);
    }
    for (const total of column.totals) rows.push(['', total]);
  }
  for (const total of m.totals) rows.push(['', total]);
  const compared = !!m.compareHeadings;
  return [
    compared ? [m.title, period, ...m.compareHeadings!] : [m.title, period, ''],
    ...rows.map(([section, l]) => [section, l.label, csvAmount(l.cents), ...(compared ? [csvAmount(l.compareCents ?? 0)] : [])]),
  ];
};
