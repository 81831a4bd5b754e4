import { addDays } from '../shared/dates';
import type { InvoiceTotals, KeptInvoiceLine } from '../invoice/events';
import { categoryOf, REVERSE_CHARGE_TEXT, type DocumentParties, type Party, type SellerParty, type VatCategory } from '../invoice/vat';
import { BOOKS_CURRENCY } from '../currency/currencies';
import { toEuroCents } from '../currency/conversion';
import type { DocumentRate } from '../currency/rate';

/**
 * A billing document as the law asks it to read (VAT Directive Art. 226; EN 16931's semantic
 * model): the one source of the PDF and of the UBL e-invoice, so both always say the same thing.
 * Amounts are integer cents of the document's currency; dates 'YYYY-MM-DD'. A document in another
 * currency than the books' also states its VAT in euros, per rate and in total, with the rate used
 * (VAT Directive Art. 230; EN 16931 BT-6 and BT-111).
 */
export interface DocumentLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  netCents: number;
  vatRateBp: number;
  vatCents: number;
  vatCategory: VatCategory;
  exemptionReason?: string;
  /** The catalogue product the line sells, when it names one. */
  productId?: string;
}

/** One row per VAT category, rate and exemption reason (EN 16931 BG-23). */
export interface VatBreakdownRow {
  category: VatCategory;
  rateBp: number;
  taxableCents: number;
  vatCents: number;
  exemptionReason?: string;
}

export interface DocumentTotals {
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** Paid before this document was rendered (BT-113); never more than the gross. */
  prepaidCents: number;
  /** Gross less prepaid (BT-115). */
  payableCents: number;
}

export interface BillingDocument {
  kind: 'invoice' | 'credit_note';
  /** The document's own id (the invoice's or the credit note's). */
  id: string;
  number: string;
  issueDate: string;
  /** Invoices only. */
  dueDate: string | null;
  /** ISO 4217 (BT-5): the currency of every amount below. */
  currency: string;
  /** A document in another currency: its VAT in the books' euros (BT-6, BT-111), per breakdown row and in total, and the rate used. */
  accounting: AccountingCurrency | null;
  seller: SellerParty & { email: string; phone: string };
  buyer: Party & { email: string };
  lines: DocumentLine[];
  breakdown: VatBreakdownRow[];
  totals: DocumentTotals;
  /** The billed period, both ends inclusive. */
  period: { start: string; end: string } | null;
  /** Any AE line: the document must say "Reverse charge". */
  reverseCharge: boolean;
  /** Where to pay (the seller's account); absent when the company has not set an IBAN. */
  bank: { iban: string; bic: string } | null;
  /** Credit notes: the invoice they correct. */
  precedingInvoice: { number: string; date: string } | null;
  /** Credit notes: why. */
  reason: string | null;
}

export interface AccountingCurrency {
  currency: typeof BOOKS_CURRENCY;
  /** Units of the document's currency per euro, and the day it is the rate of. */
  rate: string;
  rateDate: string;
  /** Each breakdown row's VAT in euro cents, in the breakdown's order. */
  vatByRow: number[];
  /** Their sum (BT-111). */
  vatCents: number;
}

export interface DocumentSource {
  kind: BillingDocument['kind'];
  id: string;
  number: string;
  date: string;
  dueDate: string | null;
  /** Read from rows kept before categories were upcast too: a line without one is S or Z by its rate. */
  lines: KeptInvoiceLine[];
  totals: InvoiceTotals;
  paidCents: number;
  /** As stored: start inclusive, end exclusive. */
  period: { start: string; end: string } | null;
  parties: DocumentParties;
  contact: { sellerEmail: string; sellerPhone: string; buyerEmail: string };
  bank: { iban: string; bic: string };
  precedingInvoice?: { number: string; date: string };
  reason?: string;
  /** A document in another currency than the euro: that currency and the rate it was posted at. */
  fx?: DocumentRate;
}

export const vatBreakdown = (lines: DocumentLine[]): VatBreakdownRow[] => {
  const rows = new Map<string, VatBreakdownRow>();
  for (const l of lines) {
    const key = `${l.vatCategory}|${l.vatRateBp}|${l.exemptionReason ?? ''}`;
    const row = rows.get(key) ?? { category: l.vatCategory, rateBp: l.vatRateBp, taxableCents: 0, vatCents: 0, ...(l.exemptionReason ? { exemptionReason: l.exemptionReason } : {}) };
    row.taxableCents += l.netCents;
    row.vatCents += l.vatCents;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.rateBp - a.rateBp || a.category.localeCompare(b.category));
};

export const buildBillingDocument = (src: DocumentSource): BillingDocument => {
  const lines: DocumentLine[] = src.lines.map((l) => {
    const vatCategory = categoryOf(l);
    const exemptionReason = l.exemptionReason ?? (vatCategory === 'AE' ? REVERSE_CHARGE_TEXT : undefined);
    return {
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      netCents: l.netCents,
      vatRateBp: l.vatRateBp,
      vatCents: l.vatCents,
      vatCategory,
      ...(exemptionReason ? { exemptionReason } : {}),
      ...(l.productId ? { productId: l.productId } : {}),
    };
  });
  const prepaidCents = src.kind === 'invoice' ? Math.min(Math.max(0, src.paidCents), src.totals.grossCents) : 0;
  const iban = src.bank.iban.replace(/\s+/g, '').toUpperCase();
  const breakdown = vatBreakdown(lines);
  // Each row's VAT converted on its own, as the ledger posts each rate's VAT.
  const vatByRow = src.fx ? breakdown.map((r) => toEuroCents(r.vatCents, src.fx!.rate)) : [];
  return {
    kind: src.kind,
    id: src.id,
    number: src.number,
    issueDate: src.date,
    dueDate: src.kind === 'invoice' ? src.dueDate : null,
    currency: src.fx?.currency ?? BOOKS_CURRENCY,
    accounting: src.fx
      ? { currency: BOOKS_CURRENCY, rate: src.fx.rate, rateDate: src.fx.rateDate, vatByRow, vatCents: vatByRow.reduce((a, b) => a + b, 0) }
      : null,
    seller: { ...src.parties.seller, email: src.contact.sellerEmail, phone: src.contact.sellerPhone },
    buyer: { ...src.parties.buyer, email: src.contact.buyerEmail },
    lines,
    breakdown,
    totals: { ...src.totals, prepaidCents, payableCents: src.totals.grossCents - prepaidCents },
    period: src.period && { start: src.period.start, end: addDays(src.period.end, -1) },
    reverseCharge: lines.some((l) => l.vatCategory === 'AE'),
    bank: iban ? { iban, bic: src.bank.bic.replace(/\s+/g, '').toUpperCase() } : null,
    precedingInvoice: src.precedingInvoice ?? null,
    reason: src.reason ?? null,
  };
};
