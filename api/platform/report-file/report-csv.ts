import { csvCell } from '../../../domain/shared/csv';
import { centsToDecimal } from '../../../domain/shared/money';
import type { ReportDocument } from './report-table';

/**
 * A report as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheets read Greek and Russian):
 * the header's title, company and meta lines, then each table with its column labels; money cells as
 * plain decimals ("1234.50"), cells that would start a formula neutralised by `csvCell`.
 */
export const renderReportCsv = (doc: ReportDocument): Buffer => {
  const lines: string[] = [csvCell(doc.title), csvCell(doc.company), ...doc.meta.map(([label, value]) => [label, value].map(csvCell).join(','))];
  for (const table of doc.tables) {
    lines.push('', table.columns.map((c) => csvCell(c.label)).join(','));
    for (const row of table.rows) {
      lines.push(row.cells.map((v, i) => (v === null ? '' : csvCell(table.columns[i]?.money && typeof v === 'number' ? centsToDecimal(v) : v))).join(','));
    }
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
};
