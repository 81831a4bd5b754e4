import type { BillingPeriod, InvoiceEvent, InvoiceLine, InvoiceTotals, PaymentMethod } from './events';
import { categoryOf, isReverseCharge, type DocumentParties } from './vat';

export interface InvoicePayment {
  paymentId: string;
  amountCents: number;
  date: string;
  method: PaymentMethod;
}

export interface CreditNoteRef {
  creditNoteId: string;
  creditNoteNumber: string;
  date: string;
  totals: InvoiceTotals;
  lines: InvoiceLine[];
}

export interface InvoiceData {
  invoiceId: string;
  invoiceNumber: string;
  clientId: string;
  date: string;
  dueDate: string;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  period: BillingPeriod | null;
  sent: boolean;
  payments: InvoicePayment[];
  paidCents: number;
  creditNotes: CreditNoteRef[];
  creditedCents: number;
  /** Seller and buyer as written with the invoice; null for invoices written before they were kept. */
  parties: DocumentParties | null;
}

export type InvoiceState =
  | { status: 'empty' }
  | ({ status: 'issued' } & InvoiceData)
  | ({ status: 'voided'; voidedOn: string } & InvoiceData);

export const initialState = (): InvoiceState => ({ status: 'empty' });

/** What decides whether an invoice is paid; read models keep these three numbers per invoice. */
export interface Settlement {
  paidCents: number;
  grossCents: number;
  paymentCount: number;
  /** Credit notes reduce what is owed. */
  creditedCents: number;
}

/** Paid once payments cover what is owed after credit notes (a zero invoice counts as paid once marked). */
export const isPaid = (s: Settlement): boolean => s.paymentCount > 0 && s.paidCents >= s.grossCents - s.creditedCents;

/** Cancelled once credit notes cover the whole invoice. */
export const isCancelled = (s: Pick<Settlement, 'grossCents' | 'creditedCents'>): boolean => s.creditedCents > 0 && s.creditedCents >= s.grossCents;

export const settlementOf = (s: InvoiceData): Settlement => ({
  paidCents: s.paidCents,
  grossCents: s.totals.grossCents,
  paymentCount: s.payments.length,
  creditedCents: s.creditedCents,
});

/**
 * An invoice is issued (an accounting document that is never rewritten) once it has been sent or
 * has any payment; before that it is a draft.
 */
export const isIssued = (s: InvoiceData): boolean => s.sent || s.payments.length > 0;

/** Reverse charge as the invoice was written: from its parties, or (older invoices) from its lines. */
export const reverseChargeOf = (s: Pick<InvoiceData, 'parties' | 'lines'>): boolean =>
  s.parties ? isReverseCharge(s.parties) : s.lines.some((l) => categoryOf(l) === 'AE');

/**
 * What was paid or credited beyond the invoice (an overpayment, a credit note after payment): it
 * belongs to the client as credit balance.
 */
export const excessCents = (s: Pick<Settlement, 'grossCents' | 'paidCents' | 'creditedCents'>): number => Math.max(0, s.paidCents + s.creditedCents - s.grossCents);

/** What credit notes may still credit. */
export const creditableCents = (s: InvoiceData): number => Math.max(0, s.totals.grossCents - s.creditedCents);

/** What payments need of an invoice to charge it (card checkout, webhooks). */
export interface PayableInvoice {
  id: string;
  invoiceNumber: string;
  clientId: string;
  clientEmail: string | null;
  openCents: number;
  paid: boolean;
  /** Fully credited: no longer payable. */
  cancelled: boolean;
}

/** What a settlement still owes after payments and credit notes; never negative. */
export const owedCents = (s: Pick<Settlement, 'grossCents' | 'creditedCents' | 'paidCents'>): number => Math.max(0, s.grossCents - s.creditedCents - s.paidCents);

/** What is still owed after payments and credit notes; never negative. */
export const openCents = (s: InvoiceData): number => owedCents(settlementOf(s));

export const evolve = (state: InvoiceState, event: InvoiceEvent): InvoiceState => {
  switch (event.type) {
    case 'InvoiceIssued': {
      const d = event.data;
      return {
        status: 'issued',
        invoiceId: d.invoiceId,
        invoiceNumber: d.invoiceNumber,
        clientId: d.clientId,
        date: d.date,
        dueDate: d.dueDate,
        lines: d.lines,
        totals: d.totals,
        period: d.period,
        sent: false,
        payments: [],
        paidCents: 0,
        creditNotes: [],
        creditedCents: 0,
        parties: d.parties ?? null,
      };
    }
    case 'InvoiceEdited': {
      if (state.status === 'empty') return state;
      const d = event.data;
      return { ...state, invoiceNumber: d.invoiceNumber, clientId: d.clientId, date: d.date, dueDate: d.dueDate, lines: d.lines, totals: d.totals, parties: d.parties ?? state.parties };
    }
    case 'InvoiceSent':
      return state.status === 'empty' ? state : { ...state, sent: true };
    case 'PaymentRecorded': {
      if (state.status === 'empty') return state;
      const d = event.data;
      const payment: InvoicePayment = { paymentId: d.paymentId, amountCents: d.amountCents, date: d.date, method: d.method };
      return { ...state, payments: [...state.payments, payment], paidCents: state.paidCents + d.amountCents };
    }
    case 'InvoiceVoided':
      return state.status === 'empty' ? state : { ...state, status: 'voided', voidedOn: event.data.date };
    case 'InvoiceCredited': {
      if (state.status === 'empty') return state;
      const d = event.data;
      const note: CreditNoteRef = { creditNoteId: d.creditNoteId, creditNoteNumber: d.creditNoteNumber, date: d.date, totals: d.totals, lines: d.lines };
      return { ...state, creditNotes: [...state.creditNotes, note], creditedCents: state.creditedCents + d.totals.grossCents };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export const foldInvoice = (events: InvoiceEvent[]): InvoiceState => events.reduce(evolve, initialState());
