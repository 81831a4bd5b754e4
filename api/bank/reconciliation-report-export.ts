import { readCompanySettings } from '../company';
import type { AppDeps } from '../platform/deps';
import { renderReportPdf } from '../platform/report-file/report-pdf';
import { printedDay, type ReportDocument, type TableRow } from '../platform/report-file/report-table';
import { renderReportXlsx } from '../platform/report-file/report-xlsx';
import type { MoneyAccountService } from './money-account.service';
import { reconciliationExportLabels, type ReconciliationExportLabels } from './reconciliation-report-export.texts';
import type { ReconciliationReportWire, ReconciliationService } from './reconciliation.service';

export const RECONCILIATION_EXPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReconciliationExportFormat = (typeof RECONCILIATION_EXPORT_FORMATS)[number];

/** The wire's euros back to the cents they were made from (each is a whole number of cents / 100, so exact). */
const cents = (euros: number): number => Math.round(euros * 100);

export interface ReconciliationExportContext {
  company: string;
  account: { name: string; iban: string | null };
  /** The instant the file was generated (ISO). */
  generatedAt: string;
  t: ReconciliationExportLabels;
}

const items = (list: ReconciliationReportWire['unreconciled_lines'], totalEuros: number, t: ReconciliationExportLabels): TableRow[] =>
  list.length === 0
    ? [{ cells: [t.none, null, null] }]
    : [...list.map((i) => ({ cells: [printedDay(i.date), i.description, cents(i.amount)] })), { cells: [t.total, null, cents(totalEuros)], style: 'total' }];

/**
 * The reconciliation report as a printable document: the figures from the statement balance to the
 * difference, whether that proves the books equal the bank, then what is left on each side.
 */
export const reconciliationReportDocument = (r: ReconciliationReportWire, c: ReconciliationExportContext): ReportDocument => {
  const { t } = c;
  const result = `${r.proven ? t.proven : t.notProven}${r.proven ? `; ${r.complete ? t.complete : t.incomplete}` : ''}`;
  const list = (label: string) => [{ label: t.date }, { label, width: 4 }, { label: t.amount, money: true }];
  return {
    filename: `bank-reconciliation_${c.account.name.replace(/[^\p{L}\p{N}]+/gu, '-')}_${r.date}`,
    title: t.title,
    company: c.company,
    meta: [
      [t.account, c.account.iban ? `${c.account.name} (${c.account.iban})` : c.account.name],
      [t.asOf, printedDay(r.date)],
      [t.result, result],
      [t.generated, `${printedDay(c.generatedAt.slice(0, 10))} ${c.generatedAt.slice(11, 16)} UTC`],
    ],
    tables: [
      {
        columns: [{ label: t.figure, width: 3 }, { label: t.amount, money: true }],
        rows: [
          { cells: [t.statementBalance, cents(r.statement_balance)] },
          { cells: [t.ledgerBalance, cents(r.ledger_balance)] },
          { cells: [t.unreconciledLinesTotal, cents(r.unreconciled_lines_total)] },
          { cells: [t.unreconciledMovementsTotal, cents(r.unreconciled_movements_total)] },
          { cells: [t.explainedBalance, cents(r.explained_balance)], style: 'total' },
          { cells: [t.difference, cents(r.difference)], style: 'grand' },
        ],
      },
      { columns: list(t.unreconciledLines), rows: items(r.unreconciled_lines, r.unreconciled_lines_total, t) },
      { columns: list(t.unreconciledMovements), rows: items(r.unreconciled_movements, r.unreconciled_movements_total, t) },
    ],
  };
};

/** The reconciliation report as a file (PDF or XLSX, the accounting reports' writers), in the reader's language. */
export class ReconciliationReportExport {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock'>,
    private readonly bank: { reconciliations: ReconciliationService; moneyAccounts: MoneyAccountService },
  ) {}

  async export(moneyAccountId: string, format: ReconciliationExportFormat, q: { date?: string; language: string }): Promise<{ body: Buffer; filename: string; contentType: string }> {
    const account = await this.bank.moneyAccounts.get(moneyAccountId);
    const report = await this.bank.reconciliations.report(moneyAccountId, q.date);
    const company = await readCompanySettings(this.deps.db);
    const doc = reconciliationReportDocument(report, { company: company.name, account, generatedAt: this.deps.clock().toISOString(), t: reconciliationExportLabels(q.language) });
    return format === 'pdf'
      ? { body: await renderReportPdf(doc), filename: `${doc.filename}.pdf`, contentType: 'application/pdf' }
      : { body: await renderReportXlsx(doc), filename: `${doc.filename}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  }
}
