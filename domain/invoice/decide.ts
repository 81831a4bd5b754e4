import { lineAmounts, sumAmounts } from '../shared/money';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { BillingPeriod, InvoiceEvent, InvoiceLine, PaymentMethod } from './events';
import { isPaid, openCents, settlementOf, type InvoiceData, type InvoiceState } from './invoice';

/** A line as entered: quantity in thousandths, price in cents, VAT in basis points. */
export interface LineInput {
  description: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateBp: number;
}

export interface InvoiceFields {
  invoiceNumber: string;
  clientId: string;
  date: string;
  dueDate: string;
}

export type IssueInvoice = {
  type: 'IssueInvoice';
  data: InvoiceFields & { invoiceId: string; lines: LineInput[]; period: BillingPeriod | null };
};
/** `lines` undefined keeps the current lines. */
export type EditInvoice = { type: 'EditInvoice'; data: InvoiceFields & { lines?: LineInput[] } };
export type SendInvoice = { type: 'SendInvoice'; data: { to: string; sentAt: string; payUrl?: string } };
export type RecordPayment = {
  type: 'RecordPayment';
  data: { paymentId: string; amountCents: number; date: string; method: PaymentMethod; reference: string | null };
};
/** Records the open amount as a manual payment unless already paid (so a second mark is harmless). */
export type MarkInvoicePaid = { type: 'MarkInvoicePaid'; data: { paymentId: string; date: string } };
export type VoidInvoice = { type: 'VoidInvoice'; data: { reason: 'deleted' | 'voided'; date: string } };

export type InvoiceCommand = IssueInvoice | EditInvoice | SendInvoice | RecordPayment | MarkInvoicePaid | VoidInvoice;

export const PAID_NOT_EDITABLE = 'A paid invoice cannot be edited.';
export const PAID_NOT_DELETABLE = 'A paid invoice cannot be deleted.';

export const buildLines = (inputs: LineInput[]): InvoiceLine[] =>
  inputs.map((l) => ({
    description: l.description,
    quantity: l.quantityMilli / 1000,
    unitPriceCents: l.unitPriceCents,
    vatRateBp: l.vatRateBp,
    ...lineAmounts(l.quantityMilli, l.unitPriceCents, l.vatRateBp),
  }));

const totalsOf = (lines: InvoiceLine[]) => sumAmounts(lines);

const assertDates = (f: InvoiceFields): void => {
  if (f.dueDate < f.date) {
    throw new ValidationError('Please correct the errors below.', { dueDate: ['The due date cannot be before the invoice date.'] });
  }
};

const live = (state: InvoiceState): InvoiceData & { status: 'issued' } => {
  if (state.status !== 'issued') throw new NotFoundError('Invoice not found.');
  return state;
};

const issue = (cmd: IssueInvoice, state: InvoiceState): InvoiceEvent[] => {
  if (state.status !== 'empty') throw new ValidationError('This invoice already exists.');
  assertDates(cmd.data);
  const lines = buildLines(cmd.data.lines);
  const { invoiceId, invoiceNumber, clientId, date, dueDate, period } = cmd.data;
  return [{ type: 'InvoiceIssued', data: { invoiceId, invoiceNumber, clientId, date, dueDate, lines, totals: totalsOf(lines), period } }];
};

const edit = (cmd: EditInvoice, state: InvoiceState): InvoiceEvent[] => {
  const s = live(state);
  const d = cmd.data;
  const lines = d.lines ? buildLines(d.lines) : s.lines;
  const changed =
    d.invoiceNumber !== s.invoiceNumber ||
    d.clientId !== s.clientId ||
    d.date !== s.date ||
    d.dueDate !== s.dueDate ||
    JSON.stringify(lines) !== JSON.stringify(s.lines);
  if (!changed) return [];
  if (s.payments.length > 0) throw new ValidationError(PAID_NOT_EDITABLE);
  assertDates(d);
  return [
    {
      type: 'InvoiceEdited',
      data: {
        invoiceId: s.invoiceId,
        invoiceNumber: d.invoiceNumber,
        clientId: d.clientId,
        date: d.date,
        dueDate: d.dueDate,
        lines,
        totals: totalsOf(lines),
        previousTotals: s.totals,
        previousDate: s.date,
      },
    },
  ];
};

const recordPayment = (cmd: RecordPayment, state: InvoiceState): InvoiceEvent[] => {
  if (state.status === 'empty') throw new NotFoundError('Invoice not found.');
  // Idempotent on paymentId: a retried webhook or double click records nothing new.
  if (state.payments.some((p) => p.paymentId === cmd.data.paymentId)) return [];
  if (state.status === 'voided') throw new ValidationError('This invoice was deleted and cannot take payments.');
  if (!Number.isSafeInteger(cmd.data.amountCents) || cmd.data.amountCents <= 0) {
    throw new ValidationError('A payment amount must be a positive number of cents.');
  }
  return [{ type: 'PaymentRecorded', data: { invoiceId: state.invoiceId, ...cmd.data } }];
};

const markPaid = (cmd: MarkInvoicePaid, state: InvoiceState): InvoiceEvent[] => {
  const s = live(state);
  if (isPaid(settlementOf(s))) return [];
  const data = { invoiceId: s.invoiceId, paymentId: cmd.data.paymentId, amountCents: openCents(s), date: cmd.data.date, method: 'manual' as const, reference: null };
  return [{ type: 'PaymentRecorded', data }];
};

export const decide = (command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] => {
  switch (command.type) {
    case 'IssueInvoice':
      return issue(command, state);
    case 'EditInvoice':
      return edit(command, state);
    case 'SendInvoice':
      return [{ type: 'InvoiceSent', data: { invoiceId: live(state).invoiceId, ...command.data } }];
    case 'RecordPayment':
      return recordPayment(command, state);
    case 'MarkInvoicePaid':
      return markPaid(command, state);
    case 'VoidInvoice': {
      const s = live(state);
      if (s.payments.length > 0) throw new ValidationError(PAID_NOT_DELETABLE);
      const data = { invoiceId: s.invoiceId, reason: command.data.reason, date: command.data.date, totals: s.totals, originalDate: s.date };
      return [{ type: 'InvoiceVoided', data }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
};
