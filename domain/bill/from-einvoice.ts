/**
 * A draft bill from an inbound e-invoice (domain/einvoice/inbound.ts): its lines, its document-level
 * allowances and charges as lines of their own, the document's VAT per rate and its totals as the
 * figures the bill must equal, and what the reader should know before posting it (warnings).
 */
import { divRoundHalfUp, formatAmount, lineAmounts } from '../shared/money';
import { BOOKS_CURRENCY, isClientCurrency } from '../currency/currencies';
import { EinvoiceFileError, scaledDecimal, type InboundDocument, type InboundVatCategory } from '../einvoice/inbound';
import type { VatCategory } from '../invoice/vat';
import type { BillLineInput } from './bill';
import type { StatedVatRow } from './stated-vat';

/** A note kept on an imported bill: the official rules' warnings (BR-…) and the import's own (IMPORT-…). */
export interface EinvoiceWarning {
  id: string;
  text: string;
}

export interface EinvoiceBillContext {
  supplierId: string;
  /** The account every line is booked to until someone changes it: the supplier's default purchase account. */
  accountId: string;
  /** The rate the company self-assesses reverse-charge purchases at: its standard VAT rate. */
  selfAssessRateBp: number;
  /** The day the bill is due when the document gives none (the supplier's payment terms). */
  dueDateOf: (issueDate: string) => string;
  /** The company's VAT number, to warn when the document is addressed to someone else. */
  companyVatNumber: string | null;
}

export interface EinvoiceBill {
  supplierId: string;
  supplierInvoiceNumber: string;
  date: string;
  dueDate: string;
  lines: BillLineInput[];
  /** An imported line may be negative: a discount line, a document allowance. */
  signedLines: true;
  stated: { netCents: number; vatCents: number; grossCents: number };
  statedVat: StatedVatRow[];
  warnings: EinvoiceWarning[];
  /** The document's currency (BT-5) when not the euro: the bill is kept in it, booked in euros at its date's rate. */
  currency?: string;
  /** A CreditNote's: set by the import, which knows the supplier's bills. */
  documentType?: 'credit_note';
  creditedBillId?: string | null;
  /** Where each of `lines` came from in the document, to name it in a refusal. */
  lineSources: string[];
}

/** How a bill holds each of EN 16931's categories, from the buyer's side. */
const BILL_CATEGORY: Record<Exclude<InboundVatCategory, 'L' | 'M'>, VatCategory> = {
  S: 'S',
  Z: 'Z',
  E: 'E',
  // Reverse charge, and goods bought from another member state (intra-community acquisition): VAT self-assessed.
  AE: 'AE',
  K: 'AE',
  // Exports (the supplier's side) and supplies outside the scope of VAT: no VAT on the bill.
  G: 'Z',
  O: 'E',
};

/**
 * Quantity (thousandths) and unit price (cents) that give the document's line net exactly; when its
 * quantity or price has more decimals than a bill keeps (or a line allowance made the net differ),
 * one unit at the line's net, with the document's quantity and price kept in the description.
 */
const quantityAndPrice = (line: InboundDocument['lines'][number]): { quantityMilli: number; unitPriceCents: number; note: string | null } => {
  const quantity = scaledDecimal(line.quantity, 3);
  const price = line.price === null ? null : scaledDecimal(line.price, 2);
  const base = line.baseQuantity === null ? 1000 : scaledDecimal(line.baseQuantity, 3);
  if (quantity !== null && quantity !== 0 && price !== null && base === 1000) {
    const quantityMilli = Math.abs(quantity);
    const unitPriceCents = quantity < 0 ? -price : price;
    if (lineAmounts(quantityMilli, unitPriceCents, 0).netCents === line.netCents) return { quantityMilli, unitPriceCents, note: null };
  }
  const unit = line.unitCode ? ` ${line.unitCode}` : '';
  const per = line.baseQuantity && line.baseQuantity !== '1' ? ` per ${line.baseQuantity}` : '';
  return { quantityMilli: 1000, unitPriceCents: line.netCents, note: `${line.quantity}${unit}${line.price === null ? '' : ` × ${line.price}${per}`}` };
};

const percent = (bp: number) => `${bp / 100} %`;
const normalVat = (v: string | null) => (v ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase().replace(/^(EL|GR)/, 'GR');

/**
 * The bill an e-invoice gives, or an EinvoiceFileError naming the element it cannot take (a currency
 * the ECB publishes no rate for, a category of a tax that is not VAT). The bill's own checks run after this.
 */
export const billFromEinvoice = (doc: InboundDocument, ctx: EinvoiceBillContext): EinvoiceBill => {
  if (!isClientCurrency(doc.currency)) throw new EinvoiceFileError(`the document is in ${doc.currency}, a currency the ECB publishes no reference rate for`, 'cbc:DocumentCurrencyCode');
  const money = (cents: number) => formatAmount(cents, doc.currency, 'en');
  const warnings: EinvoiceWarning[] = [];
  const lines: BillLineInput[] = [];
  const lineSources: string[] = [];
  const vatOf = (category: InboundVatCategory, rateBp: number, at: string): { vatCategory: VatCategory; vatRateBp: number } => {
    if (category === 'L' || category === 'M') throw new EinvoiceFileError(`category ${category} is a tax of the Canary Islands, Ceuta or Melilla, not VAT the books can hold`, at);
    const vatCategory = BILL_CATEGORY[category];
    if (category === 'O' || category === 'G') {
      const id = category === 'O' ? 'IMPORT-OUTSIDE-SCOPE' : 'IMPORT-EXPORT';
      if (!warnings.some((w) => w.id === id)) {
        warnings.push({
          id,
          text:
            category === 'O'
              ? 'Lines outside the scope of VAT (category O) are kept as exempt (E). If they are services bought from abroad, make them reverse charge (AE) to self-assess their VAT.'
              : 'Lines the supplier sent as exports (category G) are kept as zero rated (Z).',
        });
      }
    }
    return { vatCategory, vatRateBp: vatCategory === 'AE' ? ctx.selfAssessRateBp : vatCategory === 'S' ? rateBp : 0 };
  };
  for (const line of doc.lines) {
    const { quantityMilli, unitPriceCents, note } = quantityAndPrice(line);
    lines.push({ description: (note ? `${line.description} (${note})` : line.description).slice(0, 500), accountId: ctx.accountId, quantityMilli, unitPriceCents, ...vatOf(line.vatCategory, line.vatRateBp, line.where) });
    lineSources.push(line.where);
  }
  for (const a of doc.allowancesCharges) {
    const label = a.charge ? 'Charge' : 'Allowance';
    lines.push({ description: a.reason ? `${label}: ${a.reason}` : label, accountId: ctx.accountId, quantityMilli: 1000, unitPriceCents: a.charge ? a.amountCents : -a.amountCents, ...vatOf(a.vatCategory, a.vatRateBp, a.where) });
    lineSources.push(a.where);
  }
  // The document's VAT per category and rate as the bill holds them (exports as Z, outside scope as E);
  // reverse-charge rows state no VAT: the company's own is reckoned on the lines.
  const statedVat: StatedVatRow[] = [];
  for (const r of doc.breakdown) {
    if (r.category === 'AE' || r.category === 'K' || r.category === 'L' || r.category === 'M') continue;
    const vatCategory = BILL_CATEGORY[r.category];
    const vatRateBp = vatCategory === 'S' ? r.rateBp : 0;
    const same = statedVat.find((s) => s.vatCategory === vatCategory && s.vatRateBp === vatRateBp);
    if (same) same.vatCents += r.vatCents;
    else statedVat.push({ vatCategory, vatRateBp, vatCents: r.vatCents });
  }
  const selfAssessed = doc.breakdown.filter((r) => r.category === 'AE' || r.category === 'K');
  if (selfAssessed.length) {
    const base = selfAssessed.reduce((s, r) => s + r.taxableCents, 0);
    warnings.push({
      id: 'IMPORT-REVERSE-CHARGE',
      text: `The supplier charged no VAT on ${money(base)} (reverse charge): the bill self-assesses ${money(divRoundHalfUp(BigInt(base) * BigInt(ctx.selfAssessRateBp), 10_000n))} at ${percent(ctx.selfAssessRateBp)}, as input and output VAT.`,
    });
  }
  if (doc.totals.prepaidCents !== 0) {
    warnings.push({ id: 'IMPORT-PREPAID', text: `The document says ${money(doc.totals.prepaidCents)} was paid in advance (BT-113): record that payment once the bill is posted.` });
  }
  if (doc.totals.roundingCents !== 0) {
    warnings.push({ id: 'IMPORT-ROUNDING', text: `The document rounds the amount due by ${money(doc.totals.roundingCents)} (BT-114); the bill owes its total with VAT, ${money(doc.totals.grossCents)}.` });
  }
  if (ctx.companyVatNumber && doc.buyer.vatNumber && normalVat(doc.buyer.vatNumber) !== normalVat(ctx.companyVatNumber)) {
    warnings.push({ id: 'IMPORT-BUYER', text: `The document is addressed to ${doc.buyer.name} (VAT number ${doc.buyer.vatNumber}), not to this company (${ctx.companyVatNumber}).` });
  }
  return {
    supplierId: ctx.supplierId,
    supplierInvoiceNumber: doc.number,
    date: doc.issueDate,
    dueDate: doc.dueDate ?? ctx.dueDateOf(doc.issueDate),
    lines,
    signedLines: true,
    stated: { netCents: doc.totals.netCents, vatCents: doc.totals.vatCents, grossCents: doc.totals.grossCents },
    statedVat,
    warnings,
    lineSources,
    ...(doc.currency === BOOKS_CURRENCY ? {} : { currency: doc.currency }),
  };
};

/** The element a refusal of the bill's field is about ("lines.3.vatRateBp" → the fourth line's element). */
export const einvoiceElementOf = (field: string, doc: InboundDocument, bill: EinvoiceBill): string => {
  const line = /^lines\.(\d+)\./.exec(field);
  if (line) return bill.lineSources[Number(line[1])] ?? 'the document';
  if (field === 'netAmount') return doc.totalsWhere.net;
  if (field === 'vatAmount') return doc.totalsWhere.vat;
  if (field === 'totalAmount') return doc.totalsWhere.gross;
  if (field === 'dueDate') return 'cbc:DueDate';
  return 'the document';
};
