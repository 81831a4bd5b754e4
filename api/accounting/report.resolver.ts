import { Arg, Authorized, Ctx, ID, Int, Query, Resolver, registerEnumType } from 'type-graphql';
import type { Comparison } from '../../domain/accounting/comparison';
import type { GraphQLContext } from '../platform/graphql/context';
import { PageInput, pageOf } from '../platform/graphql/paging';
import type { PeriodFieldNames } from '../platform/period';
import { AccountLedgerOutput, BalanceSheetOutput, CashFlowOutput, IncomeStatementColumnsOutput, IncomeStatementOutput, TrialBalanceOutput, AgedReceivablesOutput, VatReturnOutput, EcSalesListOutput } from './report.output';

/** GraphQL's spelling of a comparison; the values are the domain's (and REST's) names. */
export enum ReportComparison {
  PREVIOUS_PERIOD = 'previous_period',
  PREVIOUS_YEAR = 'previous_year',
}
registerEnumType(ReportComparison, { name: 'ReportComparison', description: 'What a statement is compared with.' });
const comparisonArg = { nullable: true, description: 'Adds the same report over the compared period (income statement) or as of the compared day (balance sheet: a month or a year earlier).' } as const;
const asComparison = (c: ReportComparison | undefined): Comparison | undefined => c;

/** GraphQL's spelling of ClosingEntries. */
export enum TrialBalanceClosing {
  INCLUDE = 'include',
  EXCLUDE = 'exclude',
}
registerEnumType(TrialBalanceClosing, { name: 'TrialBalanceClosing', description: 'Whether a trial balance includes the year-end closing entries.' });

const NAMES: PeriodFieldNames = { from: 'from', to: 'to', asOf: 'asOf' };
const opt = { nullable: true, description: 'YYYY-MM-DD' } as const;

@Resolver()
export class ReportResolver {
  @Authorized('superuser')
  @Query(() => IncomeStatementOutput, { description: 'Period from/to, or asOf (its year to date); default the current year.' })
  async incomeStatement(
    @Arg('from', () => String, opt) from: string | undefined,
    @Arg('to', () => String, opt) to: string | undefined,
    @Arg('asOf', () => String, opt) asOf: string | undefined,
    @Arg('compare', () => ReportComparison, comparisonArg) compare: ReportComparison | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<IncomeStatementOutput> {
    return IncomeStatementOutput.from(await ctx.services.accounting.reports.incomeStatement({ from, to, asOf }, NAMES, asComparison(compare)));
  }

  @Authorized('superuser')
  @Query(() => IncomeStatementColumnsOutput, { description: 'A fiscal year (the year it starts in; default the current one) in monthly or quarterly columns.' })
  async incomeStatementColumns(
    @Arg('fiscalYear', () => Int, { nullable: true, description: 'The calendar year the fiscal year starts in.' }) fiscalYear: number | undefined,
    @Arg('quarterly', () => Boolean, { defaultValue: false, description: 'Four quarters instead of twelve months.' }) quarterly: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<IncomeStatementColumnsOutput> {
    return IncomeStatementColumnsOutput.from(await ctx.services.accounting.reports.incomeStatementColumns({ fiscalYear, step: quarterly ? 'quarter' : 'month' }));
  }

  @Authorized('superuser')
  @Query(() => BalanceSheetOutput, { description: 'As of a day (default today); equity includes current-period earnings.' })
  async balanceSheet(
    @Arg('asOf', () => String, opt) asOf: string | undefined,
    @Arg('compare', () => ReportComparison, comparisonArg) compare: ReportComparison | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<BalanceSheetOutput> {
    return BalanceSheetOutput.from(await ctx.services.accounting.reports.balanceSheet({ asOf }, NAMES, asComparison(compare)));
  }

  @Authorized('superuser')
  @Query(() => AgedReceivablesOutput, { description: 'What each client owes as of a day (default today) by days past due; nets to Accounts Receivable.' })
  async agedReceivables(@Arg('asOf', () => String, opt) asOf: string | undefined, @Ctx() ctx: GraphQLContext): Promise<AgedReceivablesOutput> {
    return AgedReceivablesOutput.from(await ctx.services.accounting.reports.agedReceivables({ asOf }, NAMES));
  }

  @Authorized('superuser')
  @Query(() => CashFlowOutput, { description: 'Indirect method over a period; default the current year.' })
  async cashFlow(
    @Arg('from', () => String, opt) from: string | undefined,
    @Arg('to', () => String, opt) to: string | undefined,
    @Arg('asOf', () => String, opt) asOf: string | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CashFlowOutput> {
    return CashFlowOutput.from(await ctx.services.accounting.reports.cashFlow({ from, to, asOf }, NAMES));
  }

  @Authorized('superuser')
  @Query(() => VatReturnOutput, { description: 'Output and input VAT per category and rate over a period (default the current fiscal year), net payable, settlements apart.' })
  async vatReturn(
    @Arg('from', () => String, opt) from: string | undefined,
    @Arg('to', () => String, opt) to: string | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<VatReturnOutput> {
    return VatReturnOutput.from(await ctx.services.accounting.reports.vatReturn({ from, to }, NAMES));
  }

  @Authorized('superuser')
  @Query(() => EcSalesListOutput, { description: 'Intra-EU supplies (reverse charge) per customer VAT number over a period (default the current fiscal year); credit notes in the period they are issued.' })
  async ecSalesList(
    @Arg('from', () => String, opt) from: string | undefined,
    @Arg('to', () => String, opt) to: string | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EcSalesListOutput> {
    return EcSalesListOutput.from(await ctx.services.accounting.reports.ecSalesList({ from, to }, NAMES));
  }

  @Authorized('superuser')
  @Query(() => TrialBalanceOutput)
  async trialBalance(
    @Arg('asOf', () => String, opt) asOf: string | undefined,
    @Arg('closing', () => TrialBalanceClosing, { nullable: true, description: 'EXCLUDE: the pre-closing trial balance, without any year-end closing entry up to asOf (default INCLUDE).' })
    closing: TrialBalanceClosing | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TrialBalanceOutput> {
    return TrialBalanceOutput.from(await ctx.services.accounting.reports.trialBalance({ asOf }, NAMES, closing ?? 'include'));
  }

  @Authorized('superuser')
  @Query(() => AccountLedgerOutput, { description: 'One account: opening balance, lines with source links and running balance.' })
  async accountLedger(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('from', () => String, opt) from: string | undefined,
    @Arg('to', () => String, opt) to: string | undefined,
    @Arg('page', () => PageInput, { nullable: true }) page: PageInput | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AccountLedgerOutput> {
    return AccountLedgerOutput.from(await ctx.services.accounting.reports.accountLedger(accountId, { from, to }, pageOf(page), NAMES));
  }
}
