import type { DocumentLine, VatBreakdownRow } from '../../domain/einvoice/document';
import { formatIban } from '../../domain/billing/bank';
import { formatCreditorReference } from '../../domain/bank/creditor-reference';
import { bpToPercent, formatAmount, formatEuros } from '../../domain/shared/money';
import type { PrintableDocument } from './printable-document';
import { invoiceLabels, type InvoiceLabels } from './invoice-mail.texts';
import { pdfDay as day, postalLines, startPdf, writeSellerHeader, writeTitleBlock } from '../platform/pdf-layout';
import QRCode from 'qrcode';

/** What the VAT column says of a line: its rate, or why it carries none. */
const lineVat = (l: DocumentLine, t: InvoiceLabels): string =>
  l.vatCategory === 'AE' ? 'AE' : l.vatCategory === 'E' ? t.exempt : `${bpToPercent(l.vatRateBp)} %`;

const breakdownLabel = (r: VatBreakdownRow, t: InvoiceLabels, money: (cents: number) => string): string => {
  const base = `(${t.of} ${money(r.taxableCents)})`;
  if (r.category === 'AE') return `${t.reverseCharge} ${base}`;
  if (r.category === 'E') return `${t.exempt}: ${r.exemptionReason ?? ''} ${base}`;
  if (r.category === 'Z') return `${t.vat} 0 % ${t.zeroRated} ${base}`;
  return `${t.vat} ${bpToPercent(r.rateBp)} % ${base}`;
};

/**
 * Renders an invoice or credit note (A4) with the content Art. 226 of the VAT Directive asks for:
 * both parties with address, country and VAT number, number, dates and period, per line quantity,
 * unit price, VAT rate and net amount, VAT per rate, totals, payment terms and bank details.
 */
export const renderInvoicePdf = async ({ document: d, language, paid, payUrl, paymentReference, mydata }: PrintableDocument): Promise<Buffer> => {
  const cn = d.kind === 'credit_note';
  const page = startPdf({ Title: cn ? `Credit note ${d.number}` : `Invoice ${d.number}`, Author: d.seller.name });
  const { doc, font } = page;
  const t = invoiceLabels(language);
  // Every amount in the document's currency; a foreign one also states its VAT in euros below the totals.
  const money = (cents: number) => formatAmount(cents, d.currency, language);

  writeSellerHeader(page, d.seller, language, t);
  const meta: [string, string][] = cn
    ? [
        [t.creditNoteNumber, d.number],
        [t.date, day(d.issueDate)],
        ...(d.precedingInvoice ? ([[t.creditsInvoice, `${d.precedingInvoice.number} (${day(d.precedingInvoice.date)})`]] as [string, string][]) : []),
        [t.reason, d.reason ?? ''],
      ]
    : [
        [t.number, d.number],
        [t.date, day(d.issueDate)],
        [t.dueDate, day(d.dueDate ?? d.issueDate)],
      ];
  if (d.period) meta.push([t.period, `${day(d.period.start)} – ${day(d.period.end)}`]);
  let y = writeTitleBlock(page, cn ? t.creditNote : t.invoice, cn ? 18 : 22, meta) + 20;
  // A paid invoice says so where the eye lands first, so the copy kept or forwarded never reads as owing.
  if (paid && !cn) {
    font('bold').fontSize(14).fillColor('#1f7a3a').text(t.paidStamp, 300, y - 14, { width: 245, align: 'right' });
    doc.fillColor('#000');
    y += 10;
  }
  font('bold').fontSize(10).text(t.billTo, 50, y);
  font('regular').fontSize(10);
  const b = d.buyer;
  const buyerLines = [b.name, ...postalLines(b.address, b.country, language), b.vatNumber && `${t.vatNumber}: ${b.vatNumber}`, b.email];
  for (const line of buyerLines) if (line) doc.text(line, { width: 300 });

  y = doc.y + 20;
  const cols = { desc: 50, qty: 262, unit: 305, vat: 380, total: 455 };
  font('bold').fontSize(9);
  doc.text(t.description, cols.desc, y).text(t.quantity, cols.qty, y, { width: 40, align: 'right' });
  doc.text(t.unitPrice, cols.unit, y, { width: 70, align: 'right' }).text(t.vat, cols.vat, y, { width: 70, align: 'right' });
  doc.text(t.amount, cols.total, y, { width: 90, align: 'right' });
  doc.moveTo(50, y + 13).lineTo(545, y + 13).stroke('#999');
  y += 20;
  font('regular');
  for (const l of d.lines) {
    const h = doc.heightOfString(l.description, { width: 205 });
    if (y + h > 720) {
      doc.addPage();
      y = 50;
    }
    doc.text(l.description, cols.desc, y, { width: 205 });
    doc.text(String(l.quantity), cols.qty, y, { width: 40, align: 'right' });
    doc.text(money(l.unitPriceCents), cols.unit, y, { width: 70, align: 'right' });
    doc.text(lineVat(l, t), cols.vat, y, { width: 70, align: 'right' });
    doc.text(money(l.netCents), cols.total, y, { width: 90, align: 'right' });
    y += Math.max(h, 12) + 6;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke('#999');
  y += 10;

  const totalRow = (label: string, value: string, strong = false) => {
    if (y > 760) {
      doc.addPage();
      y = 50;
    }
    font(strong ? 'bold' : 'regular').fontSize(strong ? 11 : 10);
    doc.text(label, 200, y, { width: 250, align: 'right' });
    const h = doc.y - y;
    doc.text(value, 455, y, { width: 90, align: 'right' });
    y += Math.max(h, strong ? 16 : 13) + 2;
  };
  totalRow(t.net, money(d.totals.netCents));
  for (const r of d.breakdown) totalRow(breakdownLabel(r, t, money), money(r.vatCents));
  totalRow(t.total, money(d.totals.grossCents), true);
  // Partly paid: what came in and what is still owed (the e-invoice's BT-113 and BT-115).
  if (!cn && !paid && d.totals.prepaidCents > 0) {
    totalRow(t.paidSoFar, money(-d.totals.prepaidCents));
    totalRow(t.amountDue, money(d.totals.payableCents), true);
  }
  // In another currency: each rate's VAT and the total VAT in euros, and the rate they were converted at (Art. 230).
  if (d.accounting) {
    y += 6;
    d.breakdown.forEach((r, i) => totalRow(`${breakdownLabel(r, t, money)} ${t.vatInEuros}`, formatEuros(d.accounting!.vatByRow[i]!)));
    totalRow(t.vatTotalInEuros, formatEuros(d.accounting.vatCents));
    font('regular').fontSize(9).fillColor('#444');
    doc.text(`${t.exchangeRate}: 1 EUR = ${d.accounting.rate} ${d.currency} (${day(d.accounting.rateDate)})`, 50, y, { width: 495, align: 'right' });
    doc.fillColor('#000');
    y = doc.y + 2;
  }

  y += 16;
  if (y > 700) {
    doc.addPage();
    y = 50;
  }
  font('regular').fontSize(10).fillColor('#000');
  if (d.reverseCharge) {
    font('bold').text(t.reverseCharge, 50, y);
    font('regular').text(t.reverseChargeNote, { width: 495 });
    y = doc.y + 10;
  }
  if (cn) {
    doc.text(t.creditNoteNote, 50, y, { width: 495 });
  } else {
    doc.text(`${t.paymentTerms}: ${t.payableBy} ${day(d.dueDate ?? d.issueDate)}`, 50, y, { width: 495 });
    // Paid: no transfer details that could bring the money a second time.
    if (d.bank && !paid) {
      const bank = [`${t.bankTransfer}: ${t.iban} ${formatIban(d.bank.iban)}`, d.bank.bic && `${t.bic} ${d.bank.bic}`];
      doc.text(bank.filter(Boolean).join(' · '), { width: 495 });
      // On a line of its own under the IBAN, so the payer copies it whole into the transfer.
      doc.text(`${t.paymentReference}: ${paymentReference ? formatCreditorReference(paymentReference) : d.number}`, { width: 495 });
    }
    doc.moveDown(0.5);
    if (paid) doc.text(t.paidNote);
    // Card payment takes euros only so far: an invoice in another currency is paid by transfer.
    else if (payUrl && !d.accounting) {
      doc.text(t.payNote);
      doc.fillColor('#1a56db').text(payUrl, { link: payUrl, underline: true });
    }
  }
  if (mydata) await writeMyDataMark(page, mydata, t);
  doc.end();
  return page.done;
};

/** Greece's myDATA: the MARK AADE registered the document under, with a QR code of its record (new page when the page is full). */
const writeMyDataMark = async (page: ReturnType<typeof startPdf>, mydata: NonNullable<PrintableDocument['mydata']>, t: InvoiceLabels): Promise<void> => {
  const { doc, font } = page;
  const size = mydata.qrUrl ? 72 : 0;
  if (doc.y + Math.max(size, 30) + 20 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y + 12;
  if (mydata.qrUrl) doc.image(await QRCode.toBuffer(mydata.qrUrl, { type: 'png', margin: 1, width: 216, errorCorrectionLevel: 'M' }), 50, top, { width: size, height: size });
  const x = 50 + (size ? size + 12 : 0);
  font('bold').fontSize(10).fillColor('#000').text(`${t.mydataMark}: ${mydata.mark}`, x, top + (size ? 18 : 0), { width: 495 - x + 50 });
  font('regular').fontSize(8).fillColor('#444').text(t.mydataNote, { width: 495 - x + 50 });
  doc.y = top + Math.max(size, 30);
};
