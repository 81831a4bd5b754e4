import type { VatReturn } from '../../../domain/accounting/vat-return';
import type { EcSalesList } from '../../../domain/tax/ec-sales-list';
import { AGING_BUCKETS } from '../../../domain/accounting/aging';
import type { AgedReceivables } from '../../../domain/accounting/aging';
import { computedLineOf, CURRENT_EARNINGS, CUSTOMER_CREDIT, PRIOR_EARNINGS, type ReportLine, type TrialBalance } from '../../../domain/accounting/reports';
import type { AccountLedger, BalanceSheetReport, CashFlowReport, Compared, IncomeStatementReport } from '../report.service';
import type { Period } from '../../platform/period';
import type { ReportExportLabels } from './report-export.texts';
import { printedDay, sideBySide, type ReportDocument, type TableRow } from '../../platform/report-file/report-table';

/** What every export prints in its header besides the report itself. */
export interface ExportContext {
  company: string;
  /** The instant the file was generated (ISO). */
  generatedAt: string;
  t: ReportExportLabels;
}

const range = (p: Period) => `${printedDay(p.from)} – ${printedDay(p.to)}`;
const generated = (c: ExportContext): [string, string] => [c.t.generated, `${printedDay(c.generatedAt.slice(0, 10))} ${c.generatedAt.slice(11, 16)} UTC`];

const computedLabel = (t: ReportExportLabels) => (l: ReportLine) => {
  const labels = { [CURRENT_EARNINGS]: t.balance.currentEarnings, [PRIOR_EARNINGS]: t.balance.priorEarnings, [CUSTOMER_CREDIT]: t.balance.customerCredit };
  const computed = computedLineOf(l);
  return computed ? labels[computed] : l.account;
};

const heading = (label: string, width: number): TableRow => ({ cells: [label, ...Array<null>(width - 1).fill(null)], style: 'heading' });

export const incomeStatementDocument = (r: Compared<IncomeStatementReport>, c: ExportContext): ReportDocument => {
  const { t } = c;
  const other = r.comparison;
  const n = other ? 3 : 2;
  const totals = (label: string, pick: (x: IncomeStatementReport) => number, style: TableRow['style']): TableRow => ({ cells: [label, pick(r), ...(other ? [pick(other)] : [])], style });
  return {
    filename: `income-statement_${r.period.from}_${r.period.to}`,
    title: t.titles.incomeStatement,
    company: c.company,
    meta: [[t.period, range(r.period)], ...(other ? [[t.comparedWith, range(other.period)] as [string, string]] : []), generated(c)],
    tables: [
      {
        columns: [{ label: t.account, width: 3 }, { label: range(r.period), money: true }, ...(other ? [{ label: range(other.period), money: true }] : [])],
        rows: [
          heading(t.income.revenues, n),
          ...sideBySide([r.revenues, other?.revenues].slice(0, n - 1), computedLabel(t)),
          totals(t.income.totalRevenue, (x) => x.totalRevenueCents, 'total'),
          heading(t.income.expenses, n),
          ...sideBySide([r.expenses, other?.expenses].slice(0, n - 1), computedLabel(t)),
          totals(t.income.totalExpenses, (x) => x.totalExpensesCents, 'total'),
          totals(t.income.netIncome, (x) => x.netIncomeCents, 'grand'),
        ],
      },
    ],
  };
};

/** A fiscal year's income statement with one column per month or quarter and the year's total. */
export const incomeStatementColumnsDocument = (r: { year: Period; columns: IncomeStatementReport[] }, labels: string[], c: ExportContext): ReportDocument => {
  const { t } = c;
  const sum = (pick: (x: IncomeStatementReport) => number) => r.columns.reduce((s, col) => s + pick(col), 0);
  const lineRows = (pick: (x: IncomeStatementReport) => ReportLine[]): TableRow[] =>
    sideBySide(r.columns.map(pick), computedLabel(t)).map((row) => ({ cells: [...row.cells, (row.cells.slice(1) as number[]).reduce((s, v) => s + v, 0)] }));
  const totals = (label: string, pick: (x: IncomeStatementReport) => number, style: TableRow['style']): TableRow => ({ cells: [label, ...r.columns.map(pick), sum(pick)], style });
  const width = r.columns.length + 2;
  return {
    filename: `income-statement_${r.year.from}_${r.year.to}_${r.columns.length === 12 ? 'monthly' : 'quarterly'}`,
    title: t.titles.incomeStatement,
    company: c.company,
    meta: [[t.period, range(r.year)], generated(c)],
    landscape: true,
    tables: [
      {
        columns: [{ label: t.account, width: 2.4 }, ...labels.map((label) => ({ label, money: true })), { label: t.total, money: true }],
        rows: [
          heading(t.income.revenues, width),
          ...lineRows((x) => x.revenues),
          totals(t.income.totalRevenue, (x) => x.totalRevenueCents, 'total'),
          heading(t.income.expenses, width),
          ...lineRows((x) => x.expenses),
          totals(t.income.totalExpenses, (x) => x.totalExpensesCents, 'total'),
          totals(t.income.netIncome, (x) => x.netIncomeCents, 'grand'),
        ],
      },
    ],
  };
};

export const balanceSheetDocument = (r: Compared<BalanceSheetReport>, c: ExportContext): ReportDocument => {
  const { t } = c;
  const other = r.comparison;
  const n = other ? 3 : 2;
  const totals = (label: string, pick: (x: BalanceSheetReport) => number, style: TableRow['style']): TableRow => ({ cells: [label, pick(r), ...(other ? [pick(other)] : [])], style });
  const lines = (pick: (x: BalanceSheetReport) => ReportLine[]) => sideBySide([pick(r), other && pick(other)].slice(0, n - 1), computedLabel(t));
  return {
    filename: `balance-sheet_${r.asOf}`,
    title: t.titles.balanceSheet,
    company: c.company,
    meta: [[t.asOf, printedDay(r.asOf)], ...(other ? [[t.comparedWith, printedDay(other.asOf)] as [string, string]] : []), generated(c)],
    tables: [
      {
        columns: [{ label: t.account, width: 3 }, { label: printedDay(r.asOf), money: true }, ...(other ? [{ label: printedDay(other.asOf), money: true }] : [])],
        rows: [
          heading(t.balance.assets, n),
          ...lines((x) => x.assets),
          totals(t.balance.totalAssets, (x) => x.totalAssetsCents, 'grand'),
          heading(t.balance.liabilities, n),
          ...lines((x) => x.liabilities),
          totals(t.balance.totalLiabilities, (x) => x.totalLiabilitiesCents, 'total'),
          heading(t.balance.equity, n),
          ...lines((x) => x.equity),
          totals(t.balance.totalEquity, (x) => x.totalEquityCents, 'total'),
          totals(t.balance.totalLiabilitiesAndEquity, (x) => x.totalLiabilitiesAndEquityCents, 'grand'),
        ],
      },
    ],
  };
};

export const cashFlowDocument = (r: CashFlowReport, c: ExportContext): ReportDocument => {
  const { t } = c;
  const f = t.cashFlow;
  const label = computedLabel(t);
  const lines = (list: ReportLine[]): TableRow[] => list.map((l) => ({ cells: [label(l), l.balanceCents] }));
  return {
    filename: `cash-flow_${r.period.from}_${r.period.to}`,
    title: t.titles.cashFlow,
    company: c.company,
    meta: [[t.period, range(r.period)], generated(c)],
    tables: [
      {
        columns: [{ label: t.account, width: 3 }, { label: t.amount, money: true }],
        rows: [
          { cells: [f.openingCash, r.openingCashCents], style: 'total' },
          heading(f.operating, 2),
          { cells: [f.netIncome, r.netIncomeCents] },
          ...lines(r.operatingAdjustments),
          { cells: [f.cashFromOperations, r.cashFromOperationsCents], style: 'total' },
          heading(f.investing, 2),
          ...lines(r.investing),
          { cells: [f.cashFromInvesting, r.cashFromInvestingCents], style: 'total' },
          heading(f.financing, 2),
          ...lines(r.financing),
          { cells: [f.cashFromFinancing, r.cashFromFinancingCents], style: 'total' },
          { cells: [f.netCashFlow, r.netCashFlowCents], style: 'grand' },
          { cells: [f.closingCash, r.closingCashCents], style: 'grand' },
        ],
      },
    ],
  };
};

export const trialBalanceDocument = (r: TrialBalance & { asOf: string; closing?: 'include' | 'exclude' }, c: ExportContext): ReportDocument => ({
  filename: r.closing === 'exclude' ? `trial-balance_${r.asOf}_pre-closing` : `trial-balance_${r.asOf}`,
  title: r.closing === 'exclude' ? `${c.t.titles.trialBalance} (${c.t.trial.preClosing})` : c.t.titles.trialBalance,
  company: c.company,
  meta: [[c.t.asOf, printedDay(r.asOf)], generated(c)],
  tables: [
    {
      columns: [{ label: c.t.code }, { label: c.t.account, width: 3 }, { label: c.t.trial.debit, money: true }, { label: c.t.trial.credit, money: true }],
      rows: [...r.rows.map((row) => ({ cells: [row.code, row.account, row.debitCents || null, row.creditCents || null] })), { cells: [null, c.t.trial.totals, r.totalDebitCents, r.totalCreditCents], style: 'grand' as const }],
    },
  ],
});

export const accountLedgerDocument = (r: AccountLedger, c: ExportContext): ReportDocument => {
  const l = c.t.ledger;
  return {
    filename: `ledger_${r.account.replace(/[^\p{L}\p{N}]+/gu, '-')}_${r.period.from}_${r.period.to}`,
    title: `${c.t.titles.accountLedger}: ${r.account}`,
    company: c.company,
    meta: [[c.t.period, range(r.period)], generated(c)],
    landscape: true,
    tables: [
      {
        columns: [{ label: l.date }, { label: l.description, width: 3 }, { label: l.source, width: 1.4 }, { label: l.debit, money: true }, { label: l.credit, money: true }, { label: l.balance, money: true }],
        rows: [
          { cells: [printedDay(r.period.from), l.opening, null, null, null, r.openingBalanceCents], style: 'total' },
          ...r.lines.map((x) => ({ cells: [printedDay(x.date), x.description, x.source_type, x.debit_cents ? Number(x.debit_cents) : null, x.credit_cents ? Number(x.credit_cents) : null, x.balanceCents] })),
          { cells: [printedDay(r.period.to), l.closing, null, null, null, r.closingBalanceCents], style: 'grand' },
        ],
      },
    ],
  };
};

/** An aged report: receivables by client, or (`payables`) what suppliers are owed, with the same buckets and totals. */
const agingDocument = (r: AgedReceivables, c: ExportContext, kind: 'receivables' | 'payables'): ReportDocument => {
  const a = c.t.aging;
  const payables = kind === 'payables';
  return {
    filename: `aged-${kind}_${r.asOf}`,
    title: payables ? c.t.titles.agedPayables : c.t.titles.agedReceivables,
    company: c.company,
    meta: [[c.t.asOf, printedDay(r.asOf)], generated(c)],
    landscape: true,
    tables: [
      {
        columns: [{ label: payables ? a.supplier : a.client, width: 2.5 }, ...AGING_BUCKETS.map((b) => ({ label: a[b], money: true })), { label: a.total, money: true }, { label: a.creditBalance, money: true }],
        rows: [
          ...r.clients.map((cl) => ({ cells: [cl.clientName || (payables ? a.noSupplier : a.noClient), ...AGING_BUCKETS.map((b) => cl.buckets[b]), cl.owedCents, cl.creditCents] })),
          { cells: [a.total, ...AGING_BUCKETS.map((b) => r.totals[b]), r.totals.owedCents, r.totals.creditCents], style: 'grand' as const },
          { cells: [payables ? a.netPayables : a.net, ...AGING_BUCKETS.map(() => null), r.totals.netCents, null], style: 'total' as const },
        ],
      },
    ],
  };
};

export const agedReceivablesDocument = (r: AgedReceivables, c: ExportContext): ReportDocument => agingDocument(r, c, 'receivables');

/** What suppliers are owed (api/purchases computes it; the rows name suppliers where receivables name clients). */
export const agedPayablesDocument = (r: AgedReceivables, c: ExportContext): ReportDocument => agingDocument(r, c, 'payables');

/** The VAT return: per category and rate, sales and purchases with their VAT, then the net payable and the settlements apart. */
export const vatReturnDocument = (r: VatReturn & { period: { from: string; to: string } }, c: ExportContext): ReportDocument => {
  const v = c.t.vat;
  const rate = (bp: number | null) => (bp === null ? '' : `${(bp / 100).toLocaleString('de-DE', { maximumFractionDigits: 2 })} %`);
  return {
    filename: `vat-return_${r.period.from}_${r.period.to}`,
    title: c.t.titles.vatReturn,
    company: c.company,
    meta: [[c.t.period, range(r.period)], generated(c)],
    landscape: true,
    tables: [
      {
        columns: [{ label: v.category }, { label: v.rate }, { label: v.outputBase, money: true }, { label: v.outputVat, money: true }, { label: v.inputBase, money: true }, { label: v.inputVat, money: true }],
        rows: [
          ...r.rows.map((row) => ({ cells: [row.category ?? v.unclassified, rate(row.rateBp), row.outputBaseCents, row.outputVatCents, row.inputBaseCents, row.inputVatCents] })),
          { cells: [v.totals, null, r.outputBaseCents, r.outputVatCents, r.inputBaseCents, r.inputVatCents], style: 'grand' as const },
          { cells: [v.net, null, null, r.netVatCents, null, null], style: 'total' as const },
          { cells: [v.settlements, null, null, r.settlementsCents, null, null] },
        ],
      },
    ],
  };
};

/** The EC Sales List: per customer in another member state, its VAT number and the services supplied, then the total. */
export const ecSalesListDocument = (r: EcSalesList & { period: { from: string; to: string } }, c: ExportContext): ReportDocument => {
  const e = c.t.ecSales;
  return {
    filename: `ec-sales-list_${r.period.from}_${r.period.to}`,
    title: c.t.titles.ecSalesList,
    company: c.company,
    meta: [[c.t.period, range(r.period)], generated(c)],
    tables: [
      {
        columns: [{ label: e.country, width: 0.6 }, { label: e.vatNumber, width: 1.4 }, { label: e.services, money: true }],
        rows: [...r.rows.map((row) => ({ cells: [row.country || e.unknown, row.vatNumber, row.servicesCents] })), { cells: [c.t.total, null, r.totalCents], style: 'grand' as const }],
      },
    ],
  };
};
