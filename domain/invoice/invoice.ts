import type { BillingPeriod, InvoiceEvent, InvoiceLine, InvoiceTotals, PaymentMethod } from './events';

export interface InvoicePayment {
  paymentId: string;
  amountCents: number;
  date: string;
  method: PaymentMethod;
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
}

/** Paid once payments cover the gross total (a zero invoice counts as paid once marked). */
export const isPaid = (s: Settlement): boolean => s.paymentCount > 0 && s.paidCents >= s.grossCents;

export const settlementOf = (s: InvoiceData): Settlement => ({ paidCents: s.paidCents, grossCents: s.totals.grossCents, paymentCount: s.payments.length });

/** What payments need of an invoice to charge it (card checkout, webhooks). */
export interface PayableInvoice {
  id: string;
  invoiceNumber: string;
  clientId: string;
  clientEmail: string | null;
  openCents: number;
  paid: boolean;
}

/** What is still owed; never negative. */
export const openCents = (s: InvoiceData): number => Math.max(0, s.totals.grossCents - s.paidCents);

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
      };
    }
    case 'InvoiceEdited': {
      if (state.status === 'empty') return state;
      const d = event.data;
      return { ...state, invoiceNumber: d.invoiceNumber, clientId: d.clientId, date: d.date, dueDate: d.dueDate, lines: d.lines, totals: d.totals };
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
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
};

export const foldInvoice = (events: InvoiceEvent[]): InvoiceState => events.reduce(evolve, initialState());
