import type { VatCategory } from '../invoice/vat';
import type { DocumentRate, PaymentFx } from '../currency/rate';

/**
 * Bill events: what the company was invoiced by a supplier, as it books it. Amounts are integer
 * cents of the bill's currency (euros, or the `currency` it names: hundredths of its unit), rates
 * basis points, dates 'YYYY-MM-DD'. Stream: `bill-<billId>`.
 */
export const BILL_SCHEMA_VERSION = 1;

export interface BillLine {
  description: string;
  /** The expense or asset account the line's net is booked to. */
  accountId: string;
  /** Up to 3 decimals. */
  quantity: number;
  unitPriceCents: number;
  vatRateBp: number;
  /**
   * S, Z or E as the supplier charged; AE a reverse-charge purchase (from another member state, or
   * services from abroad): the supplier charges no VAT and the company self-assesses it at the rate,
   * posting it as both input and output VAT.
   */
  vatCategory: VatCategory;
  netCents: number;
  /** The VAT of the line: charged by the supplier, or self-assessed on an AE line. */
  vatCents: number;
}

export interface BillTotals {
  netCents: number;
  /** VAT the supplier charged (what the company pays it). */
  vatCents: number;
  /** VAT self-assessed on reverse-charge lines: posted as input and output, never paid to the supplier. */
  selfAssessedVatCents: number;
  /** What the company owes the supplier: net + charged VAT. */
  grossCents: number;
}

/** What a draft says; the posted bill says it for good. */
export interface BillContent {
  supplierId: string;
  /** The supplier's own number of the invoice. */
  supplierInvoiceNumber: string;
  date: string;
  dueDate: string;
  lines: BillLine[];
  totals: BillTotals;
  /**
   * A supplier credit note: what the supplier credits the company (a return, a discount, a bill
   * corrected), booked as a bill reversed; absent on a bill. Its open amount is credit the company
   * holds with the supplier, kept apart from what it owes; a payment on it is a refund received.
   */
  documentType?: 'credit_note';
  /** The bill a credit note corrects, when it names one. */
  creditedBillId?: string | null;
  /** Another currency than the books' euros, which the bill's amounts are in; absent: EUR. */
  currency?: string;
}

export type BillDrafted = { type: 'BillDrafted'; data: BillContent & { billId: string } };
export type BillEdited = { type: 'BillEdited'; data: BillContent & { billId: string } };
/**
 * Posted: the bill becomes a document of record, and the ledger books it on its date; a bill in
 * another currency in euros at `fx`'s rate (its date's, or the last before it).
 */
export type BillPosted = { type: 'BillPosted'; data: BillContent & { billId: string; fx?: DocumentRate } };
/** A draft thrown away; a posted bill is never deleted (a supplier credit note corrects it). */
export type BillDeleted = { type: 'BillDeleted'; data: { billId: string } };
export type BillPaymentRecorded = {
  type: 'BillPaymentRecorded';
  data: {
    billId: string;
    paymentId: string;
    amountCents: number;
    date: string;
    /** The money account's ledger account the money left (or, a refund, came into). */
    cashAccountId: string;
    reference: string | null;
    /** A refund the supplier paid on a credit note: money in. */
    refund?: true;
    /** A bill in another currency: the payment day's rate, the euros the money was, and the booked euros it cleared. */
    fx?: PaymentFx;
  };
};

/**
 * A payment taken back out of the books as if it had never been (the bank statement line that
 * recorded it was unreconciled): its entry is reversed on the payment's day, the bill owes it again.
 */
export type BillPaymentRemoved = {
  type: 'BillPaymentRemoved';
  data: { billId: string; paymentId: string; amountCents: number; date: string; cashAccountId: string; reason: 'statement_line_unreconciled'; refund?: true; fx?: PaymentFx };
};

export type BillEvent = BillDrafted | BillEdited | BillPosted | BillDeleted | BillPaymentRecorded | BillPaymentRemoved;
export type BillEventType = BillEvent['type'];
export const BILL_EVENT_TYPES: readonly BillEventType[] = ['BillDrafted', 'BillEdited', 'BillPosted', 'BillDeleted', 'BillPaymentRecorded', 'BillPaymentRemoved'];

export const billStreamId = (billId: string): string => `bill-${billId}`;
