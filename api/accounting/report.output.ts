import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { BalanceSheet, CashFlowStatement, IncomeStatement, ReportLine, TrialBalance } from '../../domain/accounting/reports';
import { centsToEuros } from '../../domain/shared/money';
import { AGING_BUCKETS, type AgedReceivables, type BucketAmounts } from '../../domain/accounting/aging';
import type { VatReturn } from '../../domain/accounting/vat-return';
import type { EcSalesList } from '../../domain/tax/ec-sales-list';
import type { Period } from '../platform/period';
import type { AccountLedger, BalanceSheetReport, Compared, IncomeStatementReport } from './report.service';

const eur = centsToEuros;

@ObjectType('ReportLine')
export class ReportLineOutput {
  @Field(() => ID, { nullable: true, description: 'Null for computed lines such as current-period earnings.' }) accountId!: string | null;
  @Field(() => String) account!: string;
  @Field(() => Float) balance!: number;
}

const lines = (list: ReportLine[]): ReportLineOutput[] => list.map((l) => ({ accountId: l.accountId, account: l.account, balance: eur(l.balanceCents) }));

@ObjectType('IncomeStatement')
export class IncomeStatementOutput {
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
  @Field(() => [ReportLineOutput]) revenues!: ReportLineOutput[];
  @Field(() => [ReportLineOutput]) expenses!: ReportLineOutput[];
  @Field(() => Float) totalRevenue!: number;
  @Field(() => Float) totalExpenses!: number;
  @Field(() => Float) netIncome!: number;
  @Field(() => IncomeStatementOutput, { nullable: true, description: 'The same statement over the compared period, when a comparison was asked for.' })
  comparison!: IncomeStatementOutput | null;

  static from(r: Compared<IncomeStatementReport> | (IncomeStatement & { period: Period })): IncomeStatementOutput {
    const compared = 'comparison' in r && r.comparison ? IncomeStatementOutput.from(r.comparison) : null;
    return Object.assign(new IncomeStatementOutput(), {
      comparison: compared,
      ...r.period,
      revenues: lines(r.revenues),
      expenses: lines(r.expenses),
      totalRevenue: eur(r.totalRevenueCents),
      totalExpenses: eur(r.totalExpensesCents),
      netIncome: eur(r.netIncomeCents),
    });
  }
}

@ObjectType('IncomeStatementColumns', { description: "A fiscal year's income statement by month or quarter." })
export class IncomeStatementColumnsOutput {
  @Field(() => String, { description: "The fiscal year's first day." }) from!: string;
  @Field(() => String, { description: "The fiscal year's last day." }) to!: string;
  @Field(() => [IncomeStatementOutput], { description: 'One statement per month or quarter, in order.' }) columns!: IncomeStatementOutput[];

  static from(r: { year: { from: string; to: string }; columns: Array<IncomeStatement & { period: Period }> }): IncomeStatementColumnsOutput {
    return Object.assign(new IncomeStatementColumnsOutput(), { ...r.year, columns: r.columns.map((c) => IncomeStatementOutput.from(c)) });
  }
}

@ObjectType('BalanceSheet')
export class BalanceSheetOutput {
  @Field(() => String) asOf!: string;
  @Field(() => [ReportLineOutput]) assets!: ReportLineOutput[];
  @Field(() => [ReportLineOutput]) liabilities!: ReportLineOutput[];
  @Field(() => [ReportLineOutput]) equity!: ReportLineOutput[];
  @Field(() => Float) totalAssets!: number;
  @Field(() => Float) totalLiabilities!: number;
  @Field(() => Float) totalEquity!: number;
  @Field(() => Float) totalLiabilitiesAndEquity!: number;
  @Field(() => BalanceSheetOutput, { nullable: true, description: 'The balance sheet as of the compared day, when a comparison was asked for.' })
  comparison!: BalanceSheetOutput | null;

  static from(r: Compared<BalanceSheetReport> | (BalanceSheet & { asOf: string })): BalanceSheetOutput {
    return Object.assign(new BalanceSheetOutput(), {
      comparison: 'comparison' in r && r.comparison ? BalanceSheetOutput.from(r.comparison) : null,
      asOf: r.asOf,
      assets: lines(r.assets),
      liabilities: lines(r.liabilities),
      equity: lines(r.equity),
      totalAssets: eur(r.totalAssetsCents),
      totalLiabilities: eur(r.totalLiabilitiesCents),
      totalEquity: eur(r.totalEquityCents),
      totalLiabilitiesAndEquity: eur(r.totalLiabilitiesAndEquityCents),
    });
  }
}

@ObjectType('CashFlowStatement')
export class CashFlowOutput {
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
  @Field(() => Float) netIncome!: number;
  @Field(() => [ReportLineOutput], { description: 'Working-capital changes as their effect on cash.' }) operatingAdjustments!: ReportLineOutput[];
  @Field(() => Float) cashFromOperations!: number;
  @Field(() => [ReportLineOutput]) investing!: ReportLineOutput[];
  @Field(() => Float) cashFromInvesting!: number;
  @Field(() => [ReportLineOutput]) financing!: ReportLineOutput[];
  @Field(() => Float) cashFromFinancing!: number;
  @Field(() => Float) netCashFlow!: number;
  @Field(() => Float, { description: 'Cash-class balances the day before the period starts.' }) openingCash!: number;
  @Field(() => Float, { description: 'Cash-class balances at the end of the period (opening + net cash flow).' }) closingCash!: number;

  static from(r: CashFlowStatement & { period: Period }): CashFlowOutput {
    return Object.assign(new CashFlowOutput(), {
      ...r.period,
      netIncome: eur(r.netIncomeCents),
      operatingAdjustments: lines(r.operatingAdjustments),
      cashFromOperations: eur(r.cashFromOperationsCents),
      investing: lines(r.investing),
      cashFromInvesting: eur(r.cashFromInvestingCents),
      financing: lines(r.financing),
      cashFromFinancing: eur(r.cashFromFinancingCents),
      netCashFlow: eur(r.netCashFlowCents),
      openingCash: eur(r.openingCashCents),
      closingCash: eur(r.closingCashCents),
    });
  }
}

@ObjectType('TrialBalanceRow')
export class TrialBalanceRowOutput {
  @Field(() => ID) accountId!: string;
  @Field(() => String) code!: string;
  @Field(() => String) account!: string;
  @Field(() => String) type!: string;
  @Field(() => Float) debit!: number;
  @Field(() => Float) credit!: number;
}

@ObjectType('TrialBalance')
export class TrialBalanceOutput {
  @Field(() => String) asOf!: string;
  @Field(() => [TrialBalanceRowOutput]) rows!: TrialBalanceRowOutput[];
  @Field(() => Float) totalDebit!: number;
  @Field(() => Float) totalCredit!: number;

  static from(r: TrialBalance & { asOf: string }): TrialBalanceOutput {
    return Object.assign(new TrialBalanceOutput(), {
      asOf: r.asOf,
      rows: r.rows.map((row) => ({ accountId: row.accountId, code: row.code, account: row.account, type: row.type, debit: eur(row.debitCents), credit: eur(row.creditCents) })),
      totalDebit: eur(r.totalDebitCents),
      totalCredit: eur(r.totalCreditCents),
    });
  }
}

@ObjectType('LedgerLine')
export class LedgerLineOutput {
  @Field(() => ID) entryId!: string;
  @Field(() => String) date!: string;
  @Field(() => String) description!: string;
  @Field(() => String, { description: 'posting or reversal' }) kind!: string;
  @Field(() => String, { description: 'manual, invoice or payment' }) source!: string;
  @Field(() => String) sourceId!: string;
  @Field(() => ID, { nullable: true, description: 'The invoice this line comes from, for links.' }) invoiceId!: string | null;
  @Field(() => Float) debit!: number;
  @Field(() => Float) credit!: number;
  @Field(() => Float, { description: 'Running balance in the account\'s normal direction.' }) balance!: number;
}

@ObjectType('AccountLedger')
export class AccountLedgerOutput {
  @Field(() => ID) accountId!: string;
  @Field(() => String) account!: string;
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
  @Field(() => Float) openingBalance!: number;
  @Field(() => Float) closingBalance!: number;
  @Field(() => [LedgerLineOutput]) lines!: LedgerLineOutput[];
  @Field(() => Int) total!: number;

  static from(r: AccountLedger): AccountLedgerOutput {
    return Object.assign(new AccountLedgerOutput(), {
      accountId: r.accountId,
      account: r.account,
      ...r.period,
      openingBalance: eur(r.openingBalanceCents),
      closingBalance: eur(r.closingBalanceCents),
      total: r.total,
      lines: r.lines.map((l) => ({
        entryId: l.entry_id,
        date: l.date,
        description: l.description,
        kind: l.kind,
        source: l.source_type,
        sourceId: l.source_id,
        invoiceId: l.invoice_id,
        debit: eur(l.debit_cents),
        credit: eur(l.credit_cents),
        balance: eur(l.balanceCents),
      })),
    });
  }
}

@ObjectType('AgingBuckets', { description: 'Euros owed by days past due.' })
export class AgingBucketsOutput {
  @Field(() => Float, { description: 'Not yet due, or due today.' }) current!: number;
  @Field(() => Float) days1to30!: number;
  @Field(() => Float) days31to60!: number;
  @Field(() => Float) days61to90!: number;
  @Field(() => Float) over90!: number;

  static from(b: BucketAmounts): AgingBucketsOutput {
    return Object.assign(new AgingBucketsOutput(), Object.fromEntries(AGING_BUCKETS.map((k) => [k, centsToEuros(b[k])])));
  }
}

@ObjectType('ForeignAmount', { description: 'An amount in another currency than the euro.' })
export class ForeignAmountOutput {
  @Field(() => String, { description: 'ISO 4217.' }) currency!: string;
  @Field(() => Float, { description: 'In that currency.' }) amount!: number;
}

@ObjectType('ClientAging')
export class ClientAgingOutput {
  @Field(() => ID, { nullable: true, description: 'Null for receivables posted without an invoice.' }) clientId!: string | null;
  @Field(() => String) clientName!: string;
  @Field(() => AgingBucketsOutput) buckets!: AgingBucketsOutput;
  @Field(() => Float, { description: 'Owed in all (the sum of the buckets).' }) total!: number;
  @Field(() => Float, { description: 'Paid or credited beyond its invoices.' }) creditBalance!: number;
  @Field(() => [ForeignAmountOutput], { description: 'Of what it owes, what is open in other currencies, in them (the euros are at the booked rates).' }) foreignOpen!: ForeignAmountOutput[];
}

@ObjectType('AgedReceivables')
export class AgedReceivablesOutput {
  @Field(() => String) asOf!: string;
  @Field(() => [ClientAgingOutput]) clients!: ClientAgingOutput[];
  @Field(() => AgingBucketsOutput) totals!: AgingBucketsOutput;
  @Field(() => Float) total!: number;
  @Field(() => Float) creditBalance!: number;
  @Field(() => Float, { description: 'Owed less credit balances: the Accounts Receivable balance.' }) net!: number;

  static from(r: AgedReceivables): AgedReceivablesOutput {
    return Object.assign(new AgedReceivablesOutput(), {
      asOf: r.asOf,
      clients: r.clients.map((c) =>
        Object.assign(new ClientAgingOutput(), {
          clientId: c.clientId,
          clientName: c.clientName,
          buckets: AgingBucketsOutput.from(c.buckets),
          total: centsToEuros(c.owedCents),
          creditBalance: centsToEuros(c.creditCents),
          foreignOpen: (c.foreign ?? []).map((f) => Object.assign(new ForeignAmountOutput(), { currency: f.currency, amount: centsToEuros(f.cents) })),
        }),
      ),
      totals: AgingBucketsOutput.from(r.totals),
      total: centsToEuros(r.totals.owedCents),
      creditBalance: centsToEuros(r.totals.creditCents),
      net: centsToEuros(r.totals.netCents),
    });
  }
}

@ObjectType('VatReturnRow', { description: 'One VAT category and rate; category null is VAT account movement no tag explains.' })
export class VatReturnRowOutput {
  @Field(() => String, { nullable: true, description: 'EN 16931 code: S, Z, E or AE.' }) category!: string | null;
  @Field(() => Float, { nullable: true, description: 'Percent.' }) rate!: number | null;
  @Field(() => Float, { description: 'Net amount of sales (credit notes negative).' }) outputBase!: number;
  @Field(() => Float) outputVat!: number;
  @Field(() => Float, { description: 'Net amount of purchases (tagged journal lines).' }) inputBase!: number;
  @Field(() => Float) inputVat!: number;
}

@ObjectType('VatReturn')
export class VatReturnOutput {
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
  @Field(() => [VatReturnRowOutput]) rows!: VatReturnRowOutput[];
  @Field(() => Float) outputBase!: number;
  @Field(() => Float) outputVat!: number;
  @Field(() => Float) inputBase!: number;
  @Field(() => Float) inputVat!: number;
  @Field(() => Float, { description: 'Output less input VAT: positive is owed to the tax authority.' }) netVat!: number;
  @Field(() => Float, { description: 'Paid to (positive) or refunded by (negative) the tax authority in the period; not in the net.' }) settlements!: number;

  static from(r: VatReturn & { period: Period }): VatReturnOutput {
    return Object.assign(new VatReturnOutput(), {
      ...r.period,
      rows: r.rows.map((row) =>
        Object.assign(new VatReturnRowOutput(), {
          category: row.category,
          rate: row.rateBp === null ? null : row.rateBp / 100,
          outputBase: eur(row.outputBaseCents),
          outputVat: eur(row.outputVatCents),
          inputBase: eur(row.inputBaseCents),
          inputVat: eur(row.inputVatCents),
        }),
      ),
      outputBase: eur(r.outputBaseCents),
      outputVat: eur(r.outputVatCents),
      inputBase: eur(r.inputBaseCents),
      inputVat: eur(r.inputVatCents),
      netVat: eur(r.netVatCents),
      settlements: eur(r.settlementsCents),
    });
  }
}

@ObjectType({ description: 'One customer in another member state: its VAT number and the services supplied to it (reverse charge) in the period.' })
export class EcSalesRowOutput {
  @Field(() => String, { description: 'ISO 3166-1 code of its member state; empty for sales of documents that kept no buyer.' }) country!: string;
  @Field(() => String, { description: 'With its member state prefix (EL for Greece).' }) vatNumber!: string;
  @Field(() => Float) services!: number;
}

@ObjectType({ description: 'The EC Sales List (VAT Directive Art. 262): intra-EU supplies per customer; its total equals the reverse-charge sales of the VAT return.' })
export class EcSalesListOutput {
  @Field(() => String) from!: string;
  @Field(() => String) to!: string;
  @Field(() => [EcSalesRowOutput]) rows!: EcSalesRowOutput[];
  @Field(() => Float) total!: number;

  static from(r: EcSalesList & { period: Period }): EcSalesListOutput {
    return Object.assign(new EcSalesListOutput(), {
      ...r.period,
      rows: r.rows.map((row) => Object.assign(new EcSalesRowOutput(), { country: row.country, vatNumber: row.vatNumber, services: eur(row.servicesCents) })),
      total: eur(r.totalCents),
    });
  }
}
