import { z } from 'zod';
import { ACCOUNT_TYPES, CASH_FLOW_CLASSES } from '../../domain/accounting/accounts';
import { COMPARISONS } from '../../domain/accounting/comparison';
import { VAT_CATEGORIES, type VatCategory } from '../../domain/invoice/vat';
import { MAX_DESCRIPTION } from '../../domain/journal/decide';
import { empty, json, tagged, wire } from '../platform/openapi/route-doc';
import { wCurrency, wDate, wId, wMoney } from '../platform/openapi/wire-schemas';
import { zOptionalCents, zOptionalVatBp } from '../platform/wire';
import type { accountView, SingleLineView } from './journal.rest';
import type { ecSalesListView, vatReturnView } from './vat-return.rest';

// ---- Journal entries and accounts ----

const AccountRef = z.object({ id: wId, account_name: z.string() });

const JournalEntryAnswer = wire<SingleLineView>()(
  z
    .object({
      id: wId,
      date: wDate,
      account: AccountRef.meta({ description: 'The account chosen (the line that is not the Suspense counter-posting).' }),
      debit: wMoney.meta({ description: 'On the chosen account (0 when it is a credit).' }),
      credit: wMoney.meta({ description: 'On the chosen account (0 when it is a debit).' }),
      description: z.string(),
      version: z.number().int().meta({ description: 'Echo it on PUT (or DELETE `?version=`) for a 409 when someone else changed the entry.' }),
      vat_category: z.string().nullable().meta({ description: 'The VAT tag of the chosen account’s line (S, Z, E, AE), or null.' }),
      vat_rate: z.number().nullable().meta({ description: 'Percent; null without a VAT tag.' }),
      vat_settlement: z.boolean().meta({ description: 'The line settles VAT with the tax office (a payment or refund), not VAT on a purchase.' }),
      lines: z
        .array(z.object({ account: AccountRef, debit: wMoney, credit: wMoney }))
        .meta({ description: 'Every line of the entry: the chosen account’s and its Suspense counter-posting.' }),
    })
    .meta({ id: 'JournalEntry', description: 'A manual journal entry: one line on the chosen account, the other side on Suspense.' }),
);

/**
 * What POST and PUT /api/journal-entries/ accept. The route parses the body by hand
 * (journal.rest.ts `parseSingleLine`); this describes exactly what it reads.
 */
export const journalEntryBody = z
  .object({
    date: wDate.meta({ description: 'The entry’s day (`YYYY-MM-DD`); not in locked books.' }),
    account: z
      .union([wId, z.object({ id: wId })])
      .meta({ description: 'The account’s id, or an object with it (as the answer gives it). Any account but Suspense.' }),
    debit: zOptionalCents,
    credit: zOptionalCents,
    description: z.string().max(MAX_DESCRIPTION).nullable().optional().meta({ description: 'Line breaks allowed; no control characters.' }),
    vat_category: z
      .union([z.enum(VAT_CATEGORIES as [VatCategory, ...VatCategory[]]), z.literal(''), z.null()])
      .optional()
      .meta({ description: 'A VAT tag for the chosen account’s line (it must fit the account); absent, null or empty for none.' }),
    vat_rate: zOptionalVatBp,
    vat_settlement: z.boolean().nullable().optional().meta({ description: 'True: the line settles VAT with the tax office.' }),
    version: z
      .number()
      .int()
      .min(1)
      .nullable()
      .optional()
      .meta({ description: 'PUT: the version read, for a 409 when someone else changed the entry (ignored on POST).' }),
  })
  .meta({ description: 'Exactly one of debit and credit, greater than zero.' });

const deleteQuery = z.object({
  version: z.number().int().optional().meta({ description: 'The version read, for a 409 when someone else changed the entry (anything but an integer is ignored).' }),
});

const AccountAnswer = wire<ReturnType<typeof accountView>>()(
  z
    .object({
      id: wId,
      account_name: z.string(),
      code: z.string(),
      type: z.enum(ACCOUNT_TYPES),
      cash_flow_class: z.enum(CASH_FLOW_CLASSES).meta({ description: 'Where its movements go in the cash flow statement.' }),
    })
    .meta({ id: 'LedgerAccount', description: 'An account of the chart of accounts.' }),
);

// ---- Reports ----

const periodQueryFields = {
  from: wDate.optional().meta({ description: 'First day (default: the start of the fiscal year of `to`, or of today).' }),
  to: wDate.optional().meta({ description: 'Last day (default: the end of the fiscal year of `from`, or of today).' }),
  as_of: wDate.optional().meta({ description: 'Instead of from/to: the fiscal year to date, through this day.' }),
};
/** A period report's arguments: from/to, or as_of (its fiscal year to date); by default the current fiscal year. */
export const periodQuery = z.object(periodQueryFields);

const asOfQueryFields = {
  as_of: wDate.optional().meta({ description: 'The day (default: `to`, else today).' }),
  to: wDate.optional().meta({ description: 'The same as `as_of` when that is absent.' }),
};
/** An as-of report's arguments (a `from` is refused: 400). */
export const asOfQuery = z.object(asOfQueryFields);

const compare = z.enum(COMPARISONS).optional().meta({ description: 'Adds the same report over the previous period, or the same period a year earlier, under `comparison`.' });

export const ReportLineAnswer = z
  .object({
    account: z.string(),
    account_id: wId.nullable().meta({ description: 'Null for computed lines such as current-period earnings.' }),
    balance: wMoney.meta({ description: 'In the account’s normal direction.' }),
  })
  .meta({ id: 'ReportLine', description: 'One account’s line of a report.' });

const incomeStatementFields = {
  revenues: z.array(ReportLineAnswer),
  expenses: z.array(ReportLineAnswer),
  total_revenue: wMoney,
  total_expenses: wMoney,
  net_income: wMoney,
  from: wDate,
  to: wDate,
};
const comparisonKind = { kind: z.enum(COMPARISONS) };

const IncomeStatementAnswer = z
  .object({
    ...incomeStatementFields,
    comparison: z
      .object({ ...incomeStatementFields, ...comparisonKind })
      .optional()
      .meta({ description: 'The same statement over the compared period (only with `compare`).' }),
  })
  .meta({ id: 'IncomeStatement', description: 'Revenues and expenses over a period (the year-end closing entries left out).' });

const balanceSheetFields = {
  assets: z.array(ReportLineAnswer),
  liabilities: z.array(ReportLineAnswer),
  equity: z.array(ReportLineAnswer).meta({ description: 'With the fiscal year’s earnings to date as a computed line.' }),
  total_assets: wMoney,
  total_liabilities: wMoney,
  total_equity: wMoney,
  total_liabilities_and_equity: wMoney,
  as_of: wDate,
};

const BalanceSheetAnswer = z
  .object({
    ...balanceSheetFields,
    comparison: z
      .object({ ...balanceSheetFields, ...comparisonKind })
      .optional()
      .meta({ description: 'The balance sheet as of the compared day (only with `compare`).' }),
  })
  .meta({ id: 'BalanceSheet', description: 'Assets, liabilities and equity as of a day.' });

/** The aging buckets as the aged reports (receivables, payables) name them on the wire, in euros. */
export const agingBucketAnswers = {
  current: wMoney.meta({ description: 'Not yet due, or due today.' }),
  days_1_30: wMoney.meta({ description: '1 to 30 days past due.' }),
  days_31_60: wMoney.meta({ description: '31 to 60 days past due.' }),
  days_61_90: wMoney.meta({ description: '61 to 90 days past due.' }),
  over_90: wMoney.meta({ description: 'More than 90 days past due.' }),
};

const AgedReceivablesAnswer = z
  .object({
    as_of: wDate,
    clients: z.array(
      z.object({
        client_id: wId.nullable().meta({ description: 'Null for receivables no client is named on (a manual journal line on Accounts Receivable).' }),
        client: z.string(),
        ...agingBucketAnswers,
        total: wMoney.meta({ description: 'What the client owes (the buckets’ sum).' }),
        credit_balance: wMoney.meta({ description: 'Paid or credited beyond its invoices, shown apart.' }),
        foreign_open: z
          .array(z.object({ currency: wCurrency, amount: z.number().meta({ description: 'In that currency (at most two decimals).' }) }))
          .meta({ description: 'Of what it owes, what is open in other currencies than the euro, in them (the euros above are at the booked rates).' }),
      }),
    ),
    totals: z.object({
      ...agingBucketAnswers,
      total: wMoney,
      credit_balance: wMoney,
      net: wMoney.meta({ description: 'Owed less credit balances: the Accounts Receivable balance.' }),
    }),
  })
  .meta({ id: 'AgedReceivables', description: 'What each client owes as of a day, by how long it is past due.' });

const VatReturnAnswer = wire<ReturnType<typeof vatReturnView>>()(
  z
    .object({
      from: wDate,
      to: wDate,
      rows: z.array(
        z
          .object({
            category: z.enum(VAT_CATEGORIES as [VatCategory, ...VatCategory[]]).nullable().meta({ description: 'Null: VAT account movement no tag explains (a manual adjustment).' }),
            rate: z.number().nullable().meta({ description: 'Percent; null together with category.' }),
            output_base: wMoney,
            output_vat: wMoney,
            input_base: wMoney,
            input_vat: wMoney,
          })
          .meta({ description: 'One VAT category and rate.' }),
      ),
      output_base: wMoney,
      output_vat: wMoney,
      input_base: wMoney,
      input_vat: wMoney,
      net_vat: wMoney.meta({ description: 'Output VAT less input VAT: owed when positive.' }),
      settlements: wMoney.meta({ description: 'VAT paid to (or refunded by) the tax office in the period.' }),
    })
    .meta({ id: 'VatReturn', description: 'The VAT return over a period, per category and rate.' }),
);

const EcSalesListAnswer = wire<ReturnType<typeof ecSalesListView>>()(
  z
    .object({
      from: wDate,
      to: wDate,
      rows: z.array(
        z
          .object({
            country: z.string().meta({ description: 'The buyer’s country (ISO 3166-1 alpha-2); empty for sales of documents that kept no buyer.' }),
            vat_number: z.string().meta({ description: 'The buyer’s VAT number, with its country prefix; empty as above.' }),
            services: wMoney.meta({ description: 'Reverse-charge services sold to the buyer in the period.' }),
          })
          .meta({ description: 'One buyer.' }),
      ),
      total: wMoney.meta({ description: 'Equals the VAT return’s reverse-charge base.' }),
    })
    .meta({ id: 'EcSalesList', description: 'Reverse-charge sales of services to EU businesses over a period, per buyer.' }),
);

const reportLines = z.array(ReportLineAnswer);
const CashFlowAnswer = z
  .object({
    net_income: wMoney,
    cash_from_operations: wMoney,
    cash_from_investing: wMoney,
    cash_from_financing: wMoney,
    net_cash_flow: wMoney,
    operating_adjustments: reportLines.meta({ description: 'What reconciles net income to cash from operations.' }),
    investing: reportLines,
    financing: reportLines,
    opening_cash: wMoney,
    closing_cash: wMoney,
    from: wDate,
    to: wDate,
  })
  .meta({ id: 'CashFlow', description: 'The cash flow statement over a period (indirect method).' });

const journalDocs = tagged('Accounting', [
  {
    method: 'get',
    path: '/api/journal-entries/',
    summary: 'List the manual journal entries',
    access: 'superuser',
    answers: { 200: json(z.array(JournalEntryAnswer)) },
  },
  {
    method: 'post',
    path: '/api/journal-entries/',
    summary: 'Post a manual journal entry',
    description: 'One line on the chosen account (a debit or a credit), the other side on Suspense. Refused in locked books.',
    access: 'superuser',
    body: journalEntryBody,
    answers: { 201: json(JournalEntryAnswer, 'Posted.') },
  },
  {
    method: 'get',
    path: '/api/journal-entries/:id/',
    summary: 'A manual journal entry',
    access: 'superuser',
    answers: { 200: json(JournalEntryAnswer) },
  },
  {
    method: 'put',
    path: '/api/journal-entries/:id/',
    summary: 'Correct a manual journal entry',
    description: 'Neither its old nor its new date may be in locked books. With `version`, a 409 when someone else changed it since.',
    access: 'superuser',
    body: journalEntryBody,
    answers: { 200: json(JournalEntryAnswer) },
  },
  {
    method: 'delete',
    path: '/api/journal-entries/:id/',
    summary: 'Delete a manual journal entry',
    description: 'Refused in locked books. With `version`, a 409 when someone else changed it since.',
    access: 'superuser',
    query: deleteQuery,
    answers: { 204: empty() },
  },
  {
    method: 'get',
    path: '/api/accounts/',
    summary: 'The active accounts of the chart of accounts, by code',
    access: 'superuser',
    answers: { 200: json(z.array(AccountAnswer)) },
  },
]);

const reportDocs = tagged('Reports', [
  {
    method: 'get',
    path: '/api/reports/income-statement/',
    summary: 'Income statement',
    description: 'Over from/to, or the fiscal year to `as_of`; by default the current fiscal year.',
    access: 'superuser',
    query: periodQuery.extend({ compare }),
    answers: { 200: json(IncomeStatementAnswer) },
  },
  {
    method: 'get',
    path: '/api/reports/balance-sheet/',
    summary: 'Balance sheet',
    description: 'As of `as_of` (or `to`), by default today; a `from` is refused.',
    access: 'superuser',
    query: asOfQuery.extend({ compare }),
    answers: { 200: json(BalanceSheetAnswer) },
  },
  {
    method: 'get',
    path: '/api/reports/aged-receivables/',
    summary: 'Aged receivables',
    description: 'As of `as_of` (or `to`), by default today; a `from` is refused.',
    access: 'superuser',
    query: asOfQuery,
    answers: { 200: json(AgedReceivablesAnswer) },
  },
  {
    method: 'get',
    path: '/api/reports/vat-return/',
    summary: 'VAT return',
    description: 'Over from/to, or the fiscal year to `as_of`; by default the current fiscal year.',
    access: 'superuser',
    query: periodQuery,
    answers: { 200: json(VatReturnAnswer) },
  },
  {
    method: 'get',
    path: '/api/reports/ec-sales-list/',
    summary: 'EC Sales List',
    description: 'Over from/to, or the fiscal year to `as_of`; by default the current fiscal year.',
    access: 'superuser',
    query: periodQuery,
    answers: { 200: json(EcSalesListAnswer) },
  },
  {
    method: 'get',
    path: '/api/reports/cash-flow/',
    summary: 'Cash flow statement',
    description: 'Over from/to, or the fiscal year to `as_of`; by default the current fiscal year.',
    access: 'superuser',
    query: periodQuery,
    answers: { 200: json(CashFlowAnswer) },
  },
]);

export const accountingDocs = [...journalDocs, ...reportDocs];
