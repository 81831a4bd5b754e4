import { formatEuros } from '../../../domain/shared/money';
import { startPdf } from '../pdf-layout';
import type { ReportDocument, TableRow } from './report-table';

const MARGIN = 40;

/** A report on A4 (landscape when wide) with the fonts the invoices use (Greek and Cyrillic included). */
export const renderReportPdf = async (r: ReportDocument): Promise<Buffer> => {
  const layout = r.landscape ? 'landscape' : 'portrait';
  const page = startPdf({ Title: `${r.title} – ${r.company}`, Author: r.company }, { layout, margin: MARGIN });
  const { doc, font } = page;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  let y = MARGIN;

  font('bold').fontSize(10).fillColor('#444').text(r.company, MARGIN, y, { width });
  font('bold').fontSize(16).fillColor('#000').text(r.title, MARGIN, doc.y + 4, { width });
  font('regular').fontSize(9).fillColor('#444');
  for (const [k, v] of r.meta) doc.text(`${k}: ${v}`, MARGIN, doc.y + 2, { width });
  y = doc.y + 14;

  for (const table of r.tables) {
    const units = table.columns.reduce((s, c) => s + (c.width ?? 1), 0);
    const xs: Array<{ x: number; w: number }> = [];
    let x = MARGIN;
    for (const c of table.columns) {
      const w = (width * (c.width ?? 1)) / units;
      xs.push({ x, w: w - 4 });
      x += w;
    }
    const size = table.columns.length > 8 ? 6.5 : 8.5;
    const draw = (cells: string[], bold: boolean, ruleBelow: boolean) => {
      font(bold ? 'bold' : 'regular').fontSize(size).fillColor('#000');
      const height = Math.max(size + 2, ...cells.map((c, i) => (c ? doc.heightOfString(c, { width: xs[i]!.w }) : 0)));
      if (y + height > bottom) {
        doc.addPage({ size: 'A4', layout, margin: MARGIN });
        y = MARGIN;
        header();
        font(bold ? 'bold' : 'regular').fontSize(size);
      }
      cells.forEach((c, i) => c && doc.text(c, xs[i]!.x, y, { width: xs[i]!.w, align: table.columns[i]!.money ? 'right' : 'left' }));
      y += height + 3;
      if (ruleBelow) doc.moveTo(MARGIN, y - 1).lineTo(MARGIN + width, y - 1).lineWidth(0.5).stroke('#999');
    };
    const header = () => draw(table.columns.map((c) => c.label), true, true);
    const text = (row: TableRow) => row.cells.map((v, i) => (v === null || v === undefined ? '' : table.columns[i]!.money && typeof v === 'number' ? formatEuros(v) : String(v)));
    header();
    for (const row of table.rows) {
      if (row.style === 'heading') y += 3;
      draw(text(row), row.style === 'heading' || row.style === 'total' || row.style === 'grand', row.style === 'grand');
    }
    y += 12;
  }
  doc.end();
  return page.done;
};
