import { BOOKS_CURRENCY } from '../../../../domain/currency/currencies';
import { lineAmounts, parseEuros, parseQuantity, parseVatRate } from '../../../../domain/shared/money';
import type { BillBody, BillView } from './billApi';

/** The VAT categories a bill's line takes; AE: a reverse-charge purchase whose VAT the company self-assesses. */
export const BILL_VAT_CATEGORIES = ['S', 'Z', 'E', 'AE'] as const;
export type BillVatCategory = (typeof BILL_VAT_CATEGORIES)[number];

/** A line as the form holds it: whatever the inputs currently contain. */
export interface BillLineValues {
  description?: string;
  account?: string;
  quantity?: number | string | null;
  unitPrice?: number | string | null;
  /** Percent. */
  vatRate?: number | string | null;
  vatCategory?: BillVatCategory;
}

/** What the form edits. */
export interface BillValues {
  supplier?: string;
  invoiceNumber?: string;
  date?: string;
  dueDate?: string | null;
  items?: BillLineValues[];
  /** The total the document states, when typed: the server checks the lines add up to it. */
  statedTotal?: number | null;
  /** A bill, or a credit note from the supplier (credit held with them). */
  documentType?: BillView['document_type'];
  /** A credit note's: the supplier's posted bill it corrects; '' for none. */
  creditedBill?: string | null;
  /** What the amounts are in: EUR or a currency the ECB quotes (the client form's list). */
  currency?: string;
}

export interface BillFormTotals {
  netCents: number;
  /** Charged by the supplier. */
  vatCents: number;
  /** Of the AE lines: the company's own, booked as input and output VAT. */
  selfAssessedVatCents: number;
  /** Owed to the supplier: net and charged VAT. */
  grossCents: number;
  /** Some line cannot be reckoned yet (a blank or invalid number): it counts as 0. */
  incomplete: boolean;
}

/**
 * The currency a credit note is in: the one of the bill it corrects (the server refuses another),
 * found among `bills` (the supplier's); undefined while it corrects none, or the bill is not known
 * yet, when any currency may be chosen.
 */
export const creditedCurrency = (values: Pick<BillValues, 'documentType' | 'creditedBill'>, bills: ReadonlyArray<Pick<BillView, 'id' | 'currency'>> | null | undefined): string | undefined =>
  values.documentType === 'credit_note' && values.creditedBill ? (bills ?? []).find((b) => b.id === values.creditedBill)?.currency : undefined;

/**
 * The bill's totals as typed, with the server's own arithmetic (domain/shared/money.ts, as
 * domain/bill/bill.ts reckons them): per line net = quantity × price and VAT = net × rate, half up;
 * an AE line's VAT is self-assessed and not owed to the supplier.
 */
export const billFormTotals = (lines: readonly BillLineValues[]): BillFormTotals => {
  const totals: BillFormTotals = {
    netCents: 0,
    vatCents: 0,
    selfAssessedVatCents: 0,
    grossCents: 0,
    incomplete: false,
  };
  for (const line of lines) {
    const quantity = parseQuantity(line.quantity ?? 1);
    const price = parseEuros(line.unitPrice);
    const rate = parseVatRate(line.vatRate ?? 0);
    if (!quantity.ok || !price.ok || !rate.ok) {
      totals.incomplete = true;
      continue;
    }
    const { netCents, vatCents } = lineAmounts(quantity.value, price.value, rate.value);
    totals.netCents += netCents;
    if (line.vatCategory === 'AE') totals.selfAssessedVatCents += vatCents;
    else totals.vatCents += vatCents;
  }
  totals.grossCents = totals.netCents + totals.vatCents;
  return totals;
};

/** The form's values as the bill it edits holds them. */
export const valuesOf = (bill: BillView): BillValues => ({
  supplier: bill.supplier,
  invoiceNumber: bill.invoice_number,
  date: bill.date,
  dueDate: bill.due_date,
  items: bill.items.map((i) => ({
    description: i.description,
    account: i.account,
    quantity: i.quantity,
    unitPrice: i.unit_price,
    vatRate: i.vat_rate,
    vatCategory: i.vat_category as BillVatCategory,
  })),
  statedTotal: null,
  documentType: bill.document_type,
  creditedBill: bill.credited_bill ?? '',
  // A draft keeps its currency (an e-invoice's is the document's); an answer without one is in euros.
  currency: bill.currency || BOOKS_CURRENCY,
});

/** The body `POST`/`PUT /api/bills/` take (amounts in the chosen currency); the version read, when editing, so a change meanwhile is refused. */
export const bodyOf = (v: BillValues, version?: number): BillBody => ({
  supplier: v.supplier ?? '',
  invoice_number: v.invoiceNumber?.trim() ?? '',
  date: v.date ?? '',
  due_date: v.dueDate || null,
  items: (v.items ?? []).map((i) => ({
    description: i.description?.trim() ?? '',
    account: i.account ?? '',
    quantity: Number(i.quantity ?? 1),
    unit_price: Number(i.unitPrice ?? 0),
    vat_rate: Number(i.vatRate ?? 0),
    vat_category: i.vatCategory ?? null,
  })),
  ...(v.statedTotal === null || v.statedTotal === undefined ? {} : { total_amount: v.statedTotal }),
  ...(v.documentType === 'credit_note' ? { document_type: 'credit_note' as const, credited_bill: v.creditedBill || null } : v.documentType === 'bill' ? { document_type: 'bill' as const } : {}),
  // Left out when not chosen: the server's default (a new bill in euros, a draft what it was in).
  ...(v.currency ? { currency: v.currency } : {}),
  ...(version === undefined ? {} : { version }),
});
