import { Router, type Request } from 'express';
import { ValidationError } from '../../../domain/shared/errors';
import { attachment } from '../../platform/http/attachment';
import { statementLanguage } from '../../platform/http/statement-language';
import type { AccountingServices } from '../accounting.services';
import { readClosing, readComparison } from '../report.service';
import type { JournalExportFormat } from './journal-export';
import { reportExportLabels } from './report-export.texts';
import { REPORT_EXPORTERS, REPORT_FORMATS, type ExportQuery, type ReportFormat } from './report-export.service';

const one = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

const invalid = (field: string, message: string) => new ValidationError('Please correct the errors below.', { [field]: [message] });

const formatOf = <F extends string>(value: unknown, allowed: readonly F[]): F => {
  const v = value === undefined || value === '' ? allowed[0] : value;
  if (typeof v === 'string' && (allowed as readonly string[]).includes(v)) return v as F;
  throw invalid('format', `Use ${allowed.join(' or ')}.`);
};

const given = (v: unknown): boolean => v !== undefined && v !== '';

/**
 * The export's arguments, refusing any that would be silently ignored: a fiscal year in columns
 * has its own periods (no `from`, `to`, `as_of` or `compare` with `columns`), `fiscal_year` means
 * something only with `columns`, and only the income statement has columns.
 */
const exportQuery = (req: Request, report: string): ExportQuery => {
  const q = req.query as Record<string, unknown>;
  const columns = one(q.columns);
  if (given(columns) && columns !== 'month' && columns !== 'quarter') throw invalid('columns', 'Use month or quarter.');
  const fiscalYear = one(q.fiscal_year);
  const year = given(fiscalYear) ? Number(fiscalYear) : undefined;
  if (year !== undefined && !Number.isInteger(year)) throw invalid('fiscal_year', 'Enter the year the fiscal year starts in (1900 to 9998).');
  if (report !== 'income-statement') {
    if (given(columns)) throw invalid('columns', 'Only the income statement has columns.');
    if (year !== undefined) throw invalid('fiscal_year', 'Only the income statement in columns takes a fiscal year.');
  } else if (given(columns)) {
    for (const field of ['from', 'to', 'as_of', 'compare']) {
      if (given(one(q[field]))) throw invalid(field, 'Not with columns: each column is its own period of the fiscal year.');
    }
  } else if (year !== undefined) {
    throw invalid('fiscal_year', 'Only with columns (month or quarter); give from and to for one period.');
  }
  if (report !== 'trial-balance' && given(one(q.closing))) throw invalid('closing', 'Only the trial balance leaves the closing entry out.');
  const accountId = one(q.account_id);
  return {
    period: { from: one(q.from), to: one(q.to), asOf: one(q.as_of) },
    compare: readComparison(one(q.compare)),
    columns: columns === 'month' ? 'month' : columns === 'quarter' ? 'quarter' : undefined,
    fiscalYear: year,
    accountId: typeof accountId === 'string' && accountId ? accountId : undefined,
    closing: readClosing(one(q.closing)),
    language: statementLanguage(req),
  };
};

/**
 * Downloads, superuser only (the accounting router's guard covers /reports and /accounting):
 * GET /api/reports/<report>/export/?format=pdf|xlsx (with the report's own period arguments) and
 * the auditors' journal, GET /api/accounting/journal-export/?from=&to=&format=csv|xlsx.
 */
export const exportRoutes = (s: AccountingServices): Router => {
  const router = Router();
  for (const report of Object.keys(REPORT_EXPORTERS)) {
    router.get(`/reports/${report}/export/`, async (req, res) => {
      const format = formatOf<ReportFormat>(one(req.query.format), REPORT_FORMATS);
      const file = await s.exports.export(report, format, exportQuery(req, report));
      attachment(res, file.filename, file.contentType);
      res.end(file.body);
    });
  }

  router.get('/accounting/journal-export/', async (req, res) => {
    const format = formatOf<JournalExportFormat>(one(req.query.format), ['csv', 'xlsx']);
    const period = await s.reports.period({ from: one(req.query.from), to: one(req.query.to) });
    attachment(
      res,
      `journal_${period.from}_${period.to}.${format}`,
      format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    await s.journalExport.write(period, format, reportExportLabels(statementLanguage(req)), res);
  });
  return router;
};
