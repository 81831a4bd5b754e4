import type { Knex } from 'knex';
import { addDays, dayOf } from '../../domain/shared/dates';
import { fiscalColumns, fiscalYearOf, fiscalYearStarting, type ColumnStep, type FiscalYear } from '../../domain/accounting/fiscal-year';
import { ValidationError } from '../../domain/shared/errors';
import { closingTotals } from '../../projections/ledger/books/lock';
import { normalBalance, SYSTEM_ACCOUNT_IDS, type AccountType, type CashFlowClass } from '../../domain/accounting/accounts';
import { balanceSheet, cashFlow, incomeStatement, trialBalance, type BalanceSheet, type CashFlowStatement, type IncomeStatement, type ReportAccount, type TotalsByAccount, type TrialBalance } from '../../domain/accounting/reports';
import { mergeTotals, subtractTotals } from '../../domain/accounting/balances';
import { chartWithTotals, totalsInRange, type DayRange } from '../../projections/ledger/balances/queries';
import { accountLines, type AccountLedgerLine } from '../../projections/ledger/journal-lines/queries';
import { agedSums, foreignOpenByClient, receivableCreditAsOf } from '../../projections/ledger/receivables/queries';
import { ecSalesInRange, vatMovementsInRange } from '../../projections/ledger/vat/queries';
import { ecSalesList, type EcSalesList } from '../../domain/tax/ec-sales-list';
import { vatReturn, type VatReturn } from '../../domain/accounting/vat-return';
import { AGING_EDGES, ageReceivables, type AgedReceivables, type AgingRow } from '../../domain/accounting/aging';
import type { AccountService } from './account.service';
import { resolveAsOf, resolvePeriod, type Period, type PeriodFieldNames, type PeriodInput } from '../platform/period';
import { comparisonAsOf, comparisonPeriod, isComparison, type Comparison } from '../../domain/accounting/comparison';

export type IncomeStatementReport = IncomeStatement & { period: Period };
export type BalanceSheetReport = BalanceSheet & { asOf: string };
export type CashFlowReport = CashFlowStatement & { period: Period };

/** A report with, when asked, the same report over the compared period (or as of the compared day). */
export type Compared<T> = T & { comparison?: T & { kind: Comparison } };

/** Reads the comparison argument (REST `compare`, GraphQL `compare`): absent, or one of the known kinds. */
/** Whether a trial balance includes the year-end closing entries (REST `closing`, GraphQL `closing`). */
export type ClosingEntries = 'include' | 'exclude';

export const readClosing = (value: unknown, field = 'closing'): ClosingEntries => {
  if (value === undefined || value === null || value === '') return 'include';
  if (value === 'include' || value === 'exclude') return value;
  throw new ValidationError('Please correct the errors below.', { [field]: ['Use include or exclude.'] });
};

export const readComparison = (value: unknown, field = 'compare'): Comparison | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (isComparison(value)) return value;
  throw new ValidationError('Please correct the errors below.', { [field]: ['Use previous_period or previous_year.'] });
};

export interface AccountLedger {
  accountId: string;
  account: string;
  period: Period;
  openingBalanceCents: number;
  closingBalanceCents: number;
  /** Running balance in the account's normal direction after each line. */
  lines: Array<AccountLedgerLine & { balanceCents: number }>;
  total: number;
}

/**
 * Reports read only the pre-aggregated balances (plus the chart of accounts), then hand the
 * arithmetic to the pure domain: their cost is O(accounts x periods).
 */
export class ReportService {
  constructor(
    private readonly db: Knex,
    private readonly accounts: AccountService,
    private readonly clock: () => Date,
    /** The fiscal year's first month (1 = January): default periods and the year to date follow it. */
    private readonly fiscalYearStartMonth: () => Promise<number> = async () => 1,
  ) {}

  /** A period as the reports read it: from/to or as_of, by default the current fiscal year. */
  async period(input: PeriodInput, names?: PeriodFieldNames): Promise<Period> {
    return resolvePeriod(input, this.today(), names, await this.fiscalYearStartMonth());
  }

  /** A period's totals without the year-end closing entries in it, which would net its result to 0. */
  private async withoutClosing(period: Period): Promise<{ chart: ReportAccount[]; totals: TotalsByAccount }> {
    const [{ chart, totals }, closing] = await Promise.all([this.chart([period]), closingTotals(this.db, period.from, period.to)]);
    return { chart, totals: subtractTotals(totals[0]!, closing) };
  }

  today(): string {
    return dayOf(this.clock());
  }

  /** Inactive accounts keep their history, so they stay in every report. One query (`chartWithTotals`). */
  private async chart(ranges: DayRange[]): Promise<{ chart: ReportAccount[]; totals: TotalsByAccount[] }> {
    const { chart, totals } = await chartWithTotals(this.db, ranges);
    return {
      chart: chart.map((a) => ({ id: a.id, code: a.code, name: a.account_name, type: a.type as AccountType, cashFlowClass: a.cash_flow_class as CashFlowClass })),
      totals,
    };
  }

  async incomeStatement(input: PeriodInput, names?: PeriodFieldNames, compare?: Comparison): Promise<Compared<IncomeStatementReport>> {
    const period = await this.period(input, names);
    if (!compare) {
      const { chart, totals } = await this.withoutClosing(period);
      return { ...incomeStatement(chart, totals), period };
    }
    // Both periods in one query for the balances; the closing entries of each taken out.
    const other = comparisonPeriod(period, compare);
    const [{ chart, totals }, closing, otherClosing] = await Promise.all([
      this.chart([period, other]),
      closingTotals(this.db, period.from, period.to),
      closingTotals(this.db, other.from, other.to),
    ]);
    return {
      ...incomeStatement(chart, subtractTotals(totals[0]!, closing)),
      period,
      comparison: { ...incomeStatement(chart, subtractTotals(totals[1]!, otherClosing)), period: other, kind: compare },
    };
  }

  /**
   * A fiscal year's income statement in monthly or quarterly columns (default: the current fiscal
   * year), all read in one query. The year-end closing entry is dated on the year's last day,
   * so only the last column holds it, and it is taken out there.
   */
  async incomeStatementColumns(input: { fiscalYear?: number; step?: ColumnStep }): Promise<{ year: FiscalYear; columns: Array<IncomeStatement & { period: Period }> }> {
    const first = await this.fiscalYearStartMonth();
    const startYear = input.fiscalYear ?? Number(fiscalYearOf(first, this.today()).from.slice(0, 4));
    if (!Number.isInteger(startYear) || startYear < 1900 || startYear > 9998) {
      throw new ValidationError('Please correct the errors below.', { fiscalYear: ['Enter the year the fiscal year starts in (1900 to 9998).'] });
    }
    const year = fiscalYearStarting(first, startYear);
    const ranges = fiscalColumns(first, startYear, input.step ?? 'month');
    const [{ chart, totals }, closing] = await Promise.all([this.chart(ranges), closingTotals(this.db, year.from, year.to)]);
    const last = ranges.length - 1;
    return {
      year,
      columns: ranges.map((range, i) => ({ ...incomeStatement(chart, i === last ? subtractTotals(totals[i]!, closing) : totals[i]!), period: { from: range.from, to: range.to } })),
    };
  }

  async balanceSheet(input: PeriodInput, names?: PeriodFieldNames, compare?: Comparison): Promise<Compared<BalanceSheetReport>> {
    const asOf = resolveAsOf(input, this.today(), names);
    const first = await this.fiscalYearStartMonth();
    const days = compare ? [asOf, comparisonAsOf(asOf, compare)] : [asOf];
    // Per day two disjoint ranges, so no row is read twice: cumulative = prior years + fiscal year
    // to date; every day's ranges in one query. A closed year's closing entry is in both: its
    // result is in Retained Earnings, not in earnings.
    const ranges = days.flatMap((day) => {
      const yearStart = fiscalYearOf(first, day).from;
      return [
        { from: undefined, to: addDays(yearStart, -1) },
        { from: yearStart, to: day },
      ];
    });
    const [{ chart, totals }, credits] = await Promise.all([this.chart(ranges), Promise.all(days.map((day) => receivableCreditAsOf(this.db, day)))]);
    const sheet = (i: number) =>
      balanceSheet(chart, mergeTotals(totals[2 * i]!, totals[2 * i + 1]!), totals[2 * i + 1]!, { accountId: SYSTEM_ACCOUNT_IDS.receivables, creditCents: credits[i]! });
    return compare ? { ...sheet(0), asOf, comparison: { ...sheet(1), asOf: days[1]!, kind: compare } } : { ...sheet(0), asOf };
  }

  /** What each client owes as of a day, by days past due (the Accounts Receivable balance split by invoice). */
  async agedReceivables(input: PeriodInput, names?: PeriodFieldNames): Promise<AgedReceivables> {
    const asOf = resolveAsOf(input, this.today(), names);
    const [rows, foreign] = await Promise.all([agedSums(this.db, asOf, AGING_EDGES, 'over90'), foreignOpenByClient(this.db, asOf)]);
    const aged = ageReceivables(
      rows.map((r) => ({ clientId: r.client_id, clientName: r.client_name ?? '', bucket: r.bucket as AgingRow['bucket'], cents: Number(r.cents) })),
      asOf,
    );
    // Beside each client's euros, what of it is open in other currencies, in them.
    return { ...aged, clients: aged.clients.map((c) => ({ ...c, foreign: foreign.filter((f) => f.clientId === c.clientId).map(({ currency, cents }) => ({ currency, cents })) })) };
  }

  /**
   * The VAT return of a period (default: the current fiscal year): output VAT per category and rate
   * from invoices and credit notes, input VAT from tagged journal lines, the net payable and the
   * settlements with the tax authority apart. One range scan of the ledger's per-day VAT summary;
   * exports take this answer as it is.
   */
  async vatReturn(input: PeriodInput, names?: PeriodFieldNames): Promise<VatReturn & { period: Period }> {
    const period = await this.period(input, names);
    return { ...vatReturn(await vatMovementsInRange(this.db, period.from, period.to)), period };
  }

  /**
   * The EC Sales List of a period (default: the current fiscal year): reverse-charge sales per buyer,
   * read from the same per-day summary of the same postings as the VAT return, so its total is the
   * return's reverse-charge sales; a locked period's list never changes (late postings go to the first open day).
   */
  async ecSalesList(input: PeriodInput, names?: PeriodFieldNames): Promise<EcSalesList & { period: Period }> {
    const period = await this.period(input, names);
    return { ...ecSalesList(await ecSalesInRange(this.db, period.from, period.to)), period };
  }

  /** The cash flow over a period, with the cash balance the day before it starts (opening) and at its end. */
  async cashFlow(input: PeriodInput, names?: PeriodFieldNames): Promise<CashFlowReport> {
    const period = await this.period(input, names);
    const [{ chart, totals }, closing] = await Promise.all([
      this.chart([period, { from: undefined, to: addDays(period.from, -1) }]),
      closingTotals(this.db, period.from, period.to),
    ]);
    return { ...cashFlow(chart, subtractTotals(totals[0]!, closing), totals[1]!), period };
  }

  /**
   * Every account's balance as of a day. A closed year's closing entry is dated on its last day, so
   * as of that day its revenue and expenses are zero; `closing: 'exclude'` leaves out every
   * year-end closing entry (and reversal) up to the day: the trial balance as posted, which no
   * close or reopen of any year changes, so a locked period's figures can always be reproduced.
   */
  async trialBalance(input: PeriodInput, names?: PeriodFieldNames, closing: ClosingEntries = 'include'): Promise<TrialBalance & { asOf: string; closing: ClosingEntries }> {
    const asOf = resolveAsOf(input, this.today(), names);
    if (closing === 'include') {
      const { chart, totals } = await this.chart([{ from: undefined, to: asOf }]);
      return { ...trialBalance(chart, totals[0]!), asOf, closing };
    }
    const [{ chart, totals }, entries] = await Promise.all([this.chart([{ from: undefined, to: asOf }]), closingTotals(this.db, undefined, asOf)]);
    return { ...trialBalance(chart, subtractTotals(totals[0]!, entries)), asOf, closing };
  }

  async accountLedger(accountId: string, input: PeriodInput, page: { offset: number; limit: number }, names?: PeriodFieldNames): Promise<AccountLedger> {
    const account = await this.accounts.get(accountId);
    const period = await this.period(input, names);
    const [opening, closing, { lines, total }] = await Promise.all([
      totalsInRange(this.db, undefined, addDays(period.from, -1), account.id),
      totalsInRange(this.db, undefined, period.to, account.id),
      accountLines(this.db, account.id, period.from, period.to, page),
    ]);
    const balance = (t: { debitCents: number; creditCents: number } | undefined) => normalBalance(account.type, t?.debitCents ?? 0, t?.creditCents ?? 0);
    const openingBalanceCents = balance(opening.get(account.id));
    const sign = normalBalance(account.type, 1, 0);
    return {
      accountId: account.id,
      account: account.name,
      period,
      openingBalanceCents,
      closingBalanceCents: balance(closing.get(account.id)),
      lines: lines.map((l) => ({ ...l, balanceCents: openingBalanceCents + sign * l.running_cents })),
      total,
    };
  }
}
