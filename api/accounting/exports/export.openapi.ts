import { z } from 'zod';
import { COMPARISONS } from '../../../domain/accounting/comparison';
import { CSV, PDF, XLSX, file, tagged, type RouteDoc } from '../../platform/openapi/route-doc';
import { wDate, wId } from '../../platform/openapi/wire-schemas';
import { REPORT_FORMATS } from './report-export.service';

/*
 * The export routes read their query by hand (export.routes.ts `exportQuery`, `formatOf`): these
 * schemas describe what each report's export takes. Every export also reads `compare`, `closing`,
 * `columns`, `fiscal_year` and `account_id`, refusing (400) those that mean nothing for the report.
 */

const lang = z.enum(['en', 'el', 'ru']).optional().meta({ description: 'The file’s language (default: the request’s).' });
const format = z.enum(REPORT_FORMATS).optional().meta({ description: 'Default: pdf.' });

const period = {
  from: wDate.optional().meta({ description: 'First day (default: the start of the fiscal year of `to`, or of today).' }),
  to: wDate.optional().meta({ description: 'Last day (default: the end of the fiscal year of `from`, or of today).' }),
  as_of: wDate.optional().meta({ description: 'Instead of from/to: the fiscal year to date, through this day.' }),
};
const asOf = {
  as_of: wDate.optional().meta({ description: 'The day (default: `to`, else today).' }),
  to: wDate.optional().meta({ description: 'The same as `as_of` when that is absent.' }),
};
const compare = z.enum(COMPARISONS).optional().meta({ description: 'Adds the compared period’s (or day’s) figures beside.' });

const periodExport = z.object({ format, lang, ...period });
const asOfExport = z.object({ format, lang, ...asOf });

export const incomeStatementExportQuery = z.object({
  format,
  lang,
  ...period,
  compare,
  columns: z.enum(['month', 'quarter']).optional().meta({ description: 'A fiscal year in monthly or quarterly columns instead of one period (not with from, to, as_of or compare).' }),
  fiscal_year: z.number().int().min(1900).max(9998).optional().meta({ description: 'With `columns`: the year the fiscal year starts in (default: the current one).' }),
});

const REPORT_FILE = [...PDF, ...XLSX, ...CSV];

const reportExport = (report: string, summary: string, query: z.ZodObject, description?: string): Omit<RouteDoc, 'tag'> => ({
  method: 'get',
  path: `/api/reports/${report}/export/`,
  summary,
  description,
  access: 'superuser',
  query,
  answers: { 200: file(REPORT_FILE, 'The report as a PDF, XLSX or CSV file (an attachment), with the company, the period and the time it was made.') },
});

export const exportDocs = tagged('Exports', [
  reportExport('income-statement', 'Income statement as a file', incomeStatementExportQuery, 'One period (as the JSON report), or a fiscal year in monthly or quarterly columns.'),
  reportExport('balance-sheet', 'Balance sheet as a file', asOfExport.extend({ compare }), 'As of `as_of` (or `to`), by default today; a `from` is refused.'),
  reportExport('cash-flow', 'Cash flow statement as a file', periodExport),
  reportExport(
    'trial-balance',
    'Trial balance as a file',
    asOfExport.extend({
      closing: z.enum(['include', 'exclude']).optional().meta({ description: '`exclude` leaves the year-end closing entries out: the pre-closing figures (default: include).' }),
    }),
    'As of `as_of` (or `to`), by default today; a `from` is refused.',
  ),
  reportExport('aged-receivables', 'Aged receivables as a file', asOfExport, 'As of `as_of` (or `to`), by default today; a `from` is refused.'),
  reportExport('aged-payables', 'Aged payables as a file', asOfExport, 'What suppliers are owed, as of `as_of` (or `to`), by default today; a `from` is refused.'),
  reportExport('vat-return', 'VAT return as a file', periodExport),
  reportExport('ec-sales-list', 'EC Sales List as a file', periodExport),
  reportExport(
    'account-ledger',
    'One account’s ledger as a file',
    periodExport.extend({ account_id: wId.meta({ description: 'The account (required).' }) }),
    'Every line on the account over the period, with the opening balance and a running balance.',
  ),
  {
    method: 'get',
    path: '/api/accounting/journal-export/',
    summary: 'The journal for the auditors, as CSV or XLSX',
    description: 'The journal’s lines over from/to (by default the current fiscal year), one row per line, streamed.',
    access: 'superuser',
    query: z.object({
      from: period.from,
      to: period.to,
      format: z.enum(['csv', 'xlsx']).optional().meta({ description: 'Default: csv.' }),
      lang,
    }),
    answers: { 200: file([...CSV, ...XLSX], 'The journal (an attachment named journal_<from>_<to>.<format>).') },
  },
]);
