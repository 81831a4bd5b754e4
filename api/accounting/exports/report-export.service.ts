import type { Knex } from 'knex';
import type { AgedReceivables } from '../../../domain/accounting/aging';
import type { Comparison } from '../../../domain/accounting/comparison';
import { ValidationError } from '../../../domain/shared/errors';
import { readCompanySettings } from '../../company';
import type { PeriodInput } from '../../platform/period';
import type { ClosingEntries, ReportService } from '../report.service';
import {
  accountLedgerDocument,
  agedPayablesDocument,
  agedReceivablesDocument,
  balanceSheetDocument,
  cashFlowDocument,
  incomeStatementColumnsDocument,
  incomeStatementDocument,
  trialBalanceDocument,
  vatReturnDocument,
  ecSalesListDocument,
  type ExportContext,
} from './report-documents';
import { reportExportLabels } from './report-export.texts';
import { renderReportPdf } from '../../platform/report-file/report-pdf';
import type { ReportDocument } from '../../platform/report-file/report-table';
import { renderReportXlsx } from '../../platform/report-file/report-xlsx';
import { renderReportCsv } from '../../platform/report-file/report-csv';

export const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What an export was asked for, already read from the transport. */
export interface ExportQuery {
  period: PeriodInput;
  compare?: Comparison;
  /** Income statement only: a fiscal year in monthly or quarterly columns. */
  columns?: 'month' | 'quarter';
  fiscalYear?: number;
  accountId?: string;
  /** Trial balance only: `exclude` gives the pre-closing figures. */
  closing?: ClosingEntries;
  language: string;
}

/** What suppliers are owed as of a day (api/purchases' bills), for the aged payables export. */
export interface PayablesSource {
  agedPayables(input: PeriodInput): Promise<AgedReceivables>;
}

/** The read services exports draw on. */
export interface ExportSources {
  reports: ReportService;
  /** Absent where no module keeps bills: aged payables then have no export. */
  payables?: PayablesSource;
}

export type ReportExporter = (sources: ExportSources, q: ExportQuery, c: ExportContext) => Promise<ReportDocument>;

const LEDGER_PAGE = 5000;

const columnLabel = (language: string, from: string, to: string): string => {
  const month = (day: string) => new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return from.slice(0, 7) === to.slice(0, 7) ? `${month(from)} ${from.slice(0, 4)}` : `${month(from)}–${month(to)} ${to.slice(0, 4)}`;
};

/**
 * Every exportable report by its REST name (`GET /api/reports/<name>/export/`). A new report
 * (the VAT return) exports by adding its builder here: the route, formats and header come free.
 */
export const REPORT_EXPORTERS: Record<string, ReportExporter> = {
  'income-statement': async ({ reports }, q, c) => {
    if (q.columns) {
      const r = await reports.incomeStatementColumns({ fiscalYear: q.fiscalYear, step: q.columns });
      return incomeStatementColumnsDocument(r, r.columns.map((col) => columnLabel(q.language, col.period.from, col.period.to)), c);
    }
    return incomeStatementDocument(await reports.incomeStatement(q.period, undefined, q.compare), c);
  },
  'balance-sheet': async ({ reports }, q, c) => balanceSheetDocument(await reports.balanceSheet(q.period, undefined, q.compare), c),
  'cash-flow': async ({ reports }, q, c) => cashFlowDocument(await reports.cashFlow(q.period), c),
  'trial-balance': async ({ reports }, q, c) => trialBalanceDocument(await reports.trialBalance(q.period, undefined, q.closing), c),
  'aged-receivables': async ({ reports }, q, c) => agedReceivablesDocument(await reports.agedReceivables(q.period), c),
  'aged-payables': async ({ payables }, q, c) => {
    if (!payables) throw new ValidationError('Please correct the errors below.', { report: ['This report has no export.'] });
    return agedPayablesDocument(await payables.agedPayables(q.period), c);
  },
  'vat-return': async ({ reports }, q, c) => vatReturnDocument(await reports.vatReturn(q.period), c),
  'ec-sales-list': async ({ reports }, q, c) => ecSalesListDocument(await reports.ecSalesList(q.period), c),
  'account-ledger': async ({ reports }, q, c) => {
    if (!q.accountId) throw new ValidationError('Please correct the errors below.', { account_id: ['This field is required.'] });
    const first = await reports.accountLedger(q.accountId, q.period, { offset: 0, limit: LEDGER_PAGE });
    const lines = [...first.lines];
    while (lines.length < first.total) {
      const next = await reports.accountLedger(q.accountId, q.period, { offset: lines.length, limit: LEDGER_PAGE });
      if (next.lines.length === 0) break;
      lines.push(...next.lines);
    }
    return accountLedgerDocument({ ...first, lines }, c);
  },
};

/** Reports as files: PDF (pdfkit, the invoices' fonts) or XLSX (exceljs), with company, period and time of generation. */
export class ReportExportService {
  constructor(
    private readonly db: Knex,
    private readonly sources: ExportSources,
    private readonly clock: () => Date,
  ) {}

  async export(report: string, format: ReportFormat, q: ExportQuery): Promise<{ body: Buffer; filename: string; contentType: string }> {
    const exporter = REPORT_EXPORTERS[report];
    if (!exporter) throw new ValidationError('Please correct the errors below.', { report: ['This report has no export.'] });
    const company = await readCompanySettings(this.db);
    const doc = await exporter(this.sources, q, { company: company.name, generatedAt: this.clock().toISOString(), t: reportExportLabels(q.language) });
    if (format === 'csv') return { body: renderReportCsv(doc), filename: `${doc.filename}.csv`, contentType: 'text/csv; charset=utf-8' };
    return format === 'pdf'
      ? { body: await renderReportPdf(doc), filename: `${doc.filename}.pdf`, contentType: 'application/pdf' }
      : { body: await renderReportXlsx(doc), filename: `${doc.filename}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  }
}
