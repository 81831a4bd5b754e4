import ExcelJS from 'exceljs';
import { centsToEuros } from '../../../domain/shared/money';
import type { ReportDocument } from './report-table';

/** Euros with two decimals and the sign a spreadsheet can sum; the cell holds the number. */
export const EURO_FORMAT = '#,##0.00 "€";-#,##0.00 "€"';

/** A report as one worksheet: company, title and meta lines on top, then each table with its header row. */
export const renderReportXlsx = async (r: ReportDocument): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  book.creator = r.company;
  book.title = r.title;
  // Sheet names hold at most 31 characters and none of : \ / ? * [ ].
  const sheet = book.addWorksheet(r.title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31).trim());
  sheet.addRow([r.company]).font = { bold: true };
  sheet.addRow([r.title]).font = { bold: true, size: 14 };
  for (const [k, v] of r.meta) sheet.addRow([k, v]);
  let widths: number[] = [];
  for (const table of r.tables) {
    sheet.addRow([]);
    const head = sheet.addRow(table.columns.map((c) => c.label));
    head.font = { bold: true };
    head.border = { bottom: { style: 'thin' } };
    for (const row of table.rows) {
      const added = sheet.addRow(row.cells.map((v, i) => (table.columns[i]?.money && typeof v === 'number' ? centsToEuros(v) : v)));
      table.columns.forEach((c, i) => {
        if (c.money) added.getCell(i + 1).numFmt = EURO_FORMAT;
      });
      if (row.style && row.style !== 'line') added.font = { bold: true };
      if (row.style === 'grand') added.border = { top: { style: 'thin' } };
    }
    widths = table.columns.map((c, i) => Math.max(widths[i] ?? 0, c.money ? 16 : Math.min(60, 12 * (c.width ?? 1))));
  }
  widths.forEach((w, i) => (sheet.getColumn(i + 1).width = w));
  return Buffer.from(await book.xlsx.writeBuffer());
};
