import type { ClientStatement, StatementRow } from '../../domain/accounting/statement';
import type { Party, SellerParty } from '../../domain/invoice/vat';
import { formatAmount, formatEuros } from '../../domain/shared/money';
import { pdfDay as day, postalLines, startPdf, writeSellerHeader, writeTitleBlock } from '../platform/pdf-layout';
import { statementLabels, type StatementLabels } from './statement.texts';

export interface PrintableStatement {
  statement: ClientStatement;
  seller: SellerParty & { phone: string; email: string };
  client: Party & { email: string };
  /** The reader's language (en, el, ru). */
  language: string;
  /** The day the statement was drawn up. */
  issued: string;
}

/**
 * A row's description: its kind, the source type of one the statement does not name, the invoice it
 * concerns, and for a document in another currency its amount in it (the euros are in the columns).
 */
export const rowDescription = (r: StatementRow, t: StatementLabels, language = 'en'): string => {
  const kind = r.kind === 'other' ? `${t.kinds.other} (${r.sourceType.replace(/_/g, ' ')})` : t.kinds[r.kind];
  const described = r.invoiceNumber && r.document !== r.invoiceNumber ? `${kind} (${t.forInvoice} ${r.invoiceNumber})` : kind;
  return r.foreign ? `${described}: ${formatAmount(Math.abs(r.foreign.cents), r.foreign.currency, language)}` : described;
};

const COLS = {
  date: { x: 50, width: 62 },
  document: { x: 114, width: 86 },
  description: { x: 202, width: 120 },
  debit: { x: 324, width: 70 },
  credit: { x: 396, width: 70 },
  balance: { x: 468, width: 77 },
} as const;

const BOTTOM = 770;

/**
 * Renders a client statement (A4): the company as on its invoices, the client, the period, the
 * opening balance, one row per movement with its running balance, the period's totals and the
 * closing balance, with what a negative balance means.
 */
export const renderStatementPdf = async ({ statement: s, seller, client, language, issued }: PrintableStatement): Promise<Buffer> => {
  const t = statementLabels(language);
  const page = startPdf({ Title: `${t.title} ${client.name} ${s.from} – ${s.to}`, Author: seller.name });
  const { doc, font } = page;

  writeSellerHeader(page, seller, language, t);
  let y =
    writeTitleBlock(page, t.title, 16, [
      [t.period, `${day(s.from)} – ${day(s.to)}`],
      [t.issued, day(issued)],
    ]) + 20;
  font('bold').fontSize(10).fillColor('#000').text(t.client, 50, y);
  font('regular').fontSize(10);
  const clientLines = [client.name, ...postalLines(client.address, client.country, language), client.vatNumber && `${t.vatNumber}: ${client.vatNumber}`, client.email];
  for (const line of clientLines) if (line) doc.text(line, { width: 300 });

  const header = () => {
    font('bold').fontSize(8.5).fillColor('#000');
    const cells: [keyof typeof COLS, string, 'left' | 'right'][] = [
      ['date', t.date, 'left'],
      ['document', t.document, 'left'],
      ['description', t.description, 'left'],
      ['debit', t.debit, 'right'],
      ['credit', t.credit, 'right'],
      ['balance', t.balance, 'right'],
    ];
    const height = Math.max(...cells.map(([col, label]) => doc.heightOfString(label, { width: COLS[col].width })));
    for (const [col, label, align] of cells) doc.text(label, COLS[col].x, y, { width: COLS[col].width, align });
    doc.moveTo(50, y + height + 2).lineTo(545, y + height + 2).stroke('#999');
    y += height + 8;
  };
  const row = (cells: Partial<Record<keyof typeof COLS, string>>, strong = false) => {
    font(strong ? 'bold' : 'regular').fontSize(8.5);
    const height = Math.max(
      11,
      ...(['document', 'description'] as const).map((c) => (cells[c] ? doc.heightOfString(cells[c]!, { width: COLS[c].width }) : 0)),
    );
    if (y + height > BOTTOM) {
      doc.addPage();
      y = 50;
      header();
      font(strong ? 'bold' : 'regular').fontSize(8.5);
    }
    for (const col of Object.keys(COLS) as (keyof typeof COLS)[]) {
      const value = cells[col];
      if (value) doc.text(value, COLS[col].x, y, { width: COLS[col].width, align: col === 'debit' || col === 'credit' || col === 'balance' ? 'right' : 'left' });
    }
    y += height + 5;
  };
  const money = (cents: number) => (cents ? formatEuros(cents) : '');

  y = doc.y + 20;
  header();
  row({ date: day(s.from), description: t.opening, balance: formatEuros(s.openingCents) }, true);
  if (s.rows.length === 0) {
    font('regular').fontSize(8.5).text(t.noMovements, COLS.document.x, y, { width: 545 - COLS.document.x });
    y = doc.y + 5;
  }
  for (const r of s.rows) {
    row({ date: day(r.date), document: r.document, description: rowDescription(r, t, language), debit: money(r.debitCents), credit: money(r.creditCents), balance: formatEuros(r.balanceCents) });
  }
  doc.moveTo(50, y - 2).lineTo(545, y - 2).stroke('#999');
  y += 4;
  row({ description: t.totals, debit: formatEuros(s.totals.debitCents), credit: formatEuros(s.totals.creditCents) }, true);
  row({ date: day(s.to), description: t.closing, balance: formatEuros(s.closingCents) }, true);

  if (y > BOTTOM - 30) {
    doc.addPage();
    y = 50;
  }
  font('regular').fontSize(10).fillColor('#000');
  doc.text(s.closingCents > 0 ? t.owes : s.closingCents < 0 ? t.inCredit : t.settled, 50, y + 12, { width: 495 });
  doc.end();
  return page.done;
};
