import type { LineInput } from './decide';

/**
 * What the invoice service is asked to do, whichever transport asked (REST parses the spec's
 * snake_case body into these, GraphQL its inputs). Amounts in cents, rates in basis points.
 */
export interface CreateInvoice {
  clientId: string;
  /** Absent: the next number of the invoice date's year. */
  invoiceNumber?: string;
  date: string;
  dueDate: string;
  /** True records the whole amount as paid at once (the spec's paid flag). */
  paid?: boolean;
  lines?: LineInput[];
}

export interface UpdateInvoice extends Omit<CreateInvoice, 'paid' | 'lines'> {
  invoiceId: string;
  /** True marks it paid; false is refused once it is paid; absent leaves it. */
  paid?: boolean;
  /** Absent: the lines are kept. */
  lines?: LineInput[];
  /** The stream revision the caller edited; another one answers 409. */
  expectedVersion?: number;
}

/** POST /api/invoices/{id}/credit-notes/ and issueCreditNote. */
export interface IssueCreditNote {
  invoiceId: string;
  reason: string;
  /** Absent: today. */
  date?: string;
  /** Absent: everything still creditable (a full credit note, which cancels the invoice). */
  lines?: LineInput[];
}

/** A payment recorded by hand: POST /api/invoices/{id}/payments/ and recordInvoicePayment. */
export interface RecordInvoicePayment {
  invoiceId: string;
  amountCents: number;
  date: string;
  method: 'card' | 'bank' | 'cash' | 'other';
  reference?: string;
  /** The money account it was deposited to ("Deposited to"); absent, the method's default one. */
  moneyAccountId?: string | null;
}

/** POST /api/invoices/{id}/write-off/ and writeOffInvoice: the open amount becomes a bad debt. */
export interface WriteOffBadDebt {
  invoiceId: string;
  date: string;
  reason: string;
}
