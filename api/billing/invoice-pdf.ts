import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { addDays } from '../../domain/shared/dates';
import type { InvoiceLine, InvoiceTotals } from '../../domain/invoice/events';
import { bpToPercent, formatEuros } from '../../domain/shared/money';
import type { CompanySettings } from './company-settings.service';
import { invoiceLabels } from './invoice-mail.texts';

export interface InvoicePdfData {
  invoiceId: string;
  invoiceNumber: string;
  date: string;
  dueDate: string;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  paid: boolean;
  period: { start: string; end: string } | null;
  seller: Pick<CompanySettings, 'name' | 'address' | 'phone' | 'email' | 'registration_number' | 'vat_number'>;
  buyer: { name: string; address: string; email: string; vat_number: string };
  payUrl: string;
  language: string;
  /** Set for a credit note: the invoice it corrects and why; it has no due date and no pay link. */
  creditNote?: { invoiceNumber: string; invoiceDate: string; reason: string };
}

// The standard PDF fonts have no Greek or Cyrillic: embed a Unicode TrueType font when the system has one.
const UNICODE_FONTS = [process.env.PDF_FONT, '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'].filter(Boolean) as string[];
const UNICODE_BOLD = [process.env.PDF_FONT_BOLD, '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'].filter(Boolean) as string[];
const firstExisting = (paths: string[]) => paths.find((p) => fs.existsSync(p));

/** dd.mm.yyyy, as German-format invoices print dates. */
const day = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Renders the invoice PDF (A4): seller, buyer, number, dates, lines, VAT breakdown, totals, pay link. */
export const renderInvoicePdf = (data: InvoicePdfData): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const cn = data.creditNote;
    const title = cn ? `Credit note ${data.invoiceNumber}` : `Invoice ${data.invoiceNumber}`;
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: data.seller.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const regular = firstExisting(UNICODE_FONTS);
    const bold = firstExisting(UNICODE_BOLD) ?? regular;
    const font = (weight: 'regular' | 'bold') => doc.font(weight === 'bold' ? (bold ?? 'Helvetica-Bold') : (regular ?? 'Helvetica'));
    const t = invoiceLabels(data.language);
    const s = data.seller;

    font('bold').fontSize(18).text(s.name, 50, 50, { width: 240 });
    font('regular').fontSize(9).fillColor('#444');
    for (const line of [s.address, s.phone, s.email, s.registration_number && `${t.registration}: ${s.registration_number}`, s.vat_number && `${t.vatNumber}: ${s.vat_number}`]) {
      if (line) doc.text(line, { width: 240 });
    }
    font('bold').fontSize(cn ? 18 : 22).fillColor('#000').text(cn ? t.creditNote : t.invoice, 300, 50, { width: 245, align: 'right' });
    font('regular').fontSize(10);
    const meta: [string, string][] = cn
      ? [
          [t.creditNoteNumber, data.invoiceNumber],
          [t.date, day(data.date)],
          [t.creditsInvoice, `${cn.invoiceNumber} (${day(cn.invoiceDate)})`],
          [t.reason, cn.reason],
        ]
      : [
          [t.number, data.invoiceNumber],
          [t.date, day(data.date)],
          [t.dueDate, day(data.dueDate)],
        ];
    if (data.period) meta.push([t.period, `${day(data.period.start)} – ${day(addDays(data.period.end, -1))}`]);
    let y = 82;
    for (const [k, v] of meta) {
      doc.text(`${k}: ${v}`, 300, y, { width: 245, align: 'right' });
      y += 14;
    }

    y = Math.max(doc.y, y) + 20;
    font('bold').fontSize(10).text(t.billTo, 50, y);
    font('regular').fontSize(10);
    const b = data.buyer;
    for (const line of [b.name, b.address, b.email, b.vat_number && `${t.vatNumber}: ${b.vat_number}`]) if (line) doc.text(line, { width: 300 });

    y = doc.y + 20;
    const cols = { desc: 50, qty: 290, unit: 330, vat: 400, total: 455 };
    font('bold').fontSize(9);
    doc.text(t.description, cols.desc, y).text(t.quantity, cols.qty, y, { width: 35, align: 'right' });
    doc.text(t.unitPrice, cols.unit, y, { width: 65, align: 'right' }).text(t.vat, cols.vat, y, { width: 50, align: 'right' });
    doc.text(t.amount, cols.total, y, { width: 90, align: 'right' });
    doc.moveTo(50, y + 13).lineTo(545, y + 13).stroke('#999');
    y += 20;
    font('regular');
    for (const l of data.lines) {
      const h = doc.heightOfString(l.description, { width: 235 });
      if (y + h > 720) {
        doc.addPage();
        y = 50;
      }
      doc.text(l.description, cols.desc, y, { width: 235 });
      doc.text(String(l.quantity), cols.qty, y, { width: 35, align: 'right' });
      doc.text(formatEuros(l.unitPriceCents), cols.unit, y, { width: 65, align: 'right' });
      doc.text(`${bpToPercent(l.vatRateBp)} %`, cols.vat, y, { width: 50, align: 'right' });
      doc.text(formatEuros(l.netCents), cols.total, y, { width: 90, align: 'right' });
      y += Math.max(h, 12) + 6;
    }
    doc.moveTo(50, y).lineTo(545, y).stroke('#999');
    y += 10;

    const byRate = new Map<number, { net: number; vat: number }>();
    for (const l of data.lines) {
      const r = byRate.get(l.vatRateBp) ?? { net: 0, vat: 0 };
      byRate.set(l.vatRateBp, { net: r.net + l.netCents, vat: r.vat + l.vatCents });
    }
    const totalRow = (label: string, value: string, strong = false) => {
      font(strong ? 'bold' : 'regular').fontSize(strong ? 11 : 10);
      doc.text(label, 300, y, { width: 150, align: 'right' }).text(value, 455, y, { width: 90, align: 'right' });
      y += strong ? 18 : 15;
    };
    totalRow(t.net, formatEuros(data.totals.netCents));
    for (const [rate, r] of [...byRate].sort((a, b) => a[0] - b[0])) {
      totalRow(`${t.vat} ${bpToPercent(rate)} % (${t.of} ${formatEuros(r.net)})`, formatEuros(r.vat));
    }
    totalRow(t.total, formatEuros(data.totals.grossCents), true);

    y += 20;
    font('regular').fontSize(10).fillColor('#000');
    if (cn) doc.text(t.creditNoteNote, 50, y);
    else if (data.paid) doc.text(t.paidNote, 50, y);
    else {
      doc.text(t.payNote, 50, y);
      doc.fillColor('#1a56db').text(data.payUrl, { link: data.payUrl, underline: true });
    }
    doc.end();
  });
