import { ValidationError } from '../shared/errors';
import { addDays, type IsoDate } from '../shared/dates';
import { textProblem } from '../shared/text';

/** Days between an invoice's date and its due date when none is given. */
export const PAYMENT_TERMS_DAYS = 14;

export const defaultDueDate = (date: IsoDate): IsoDate => addDays(date, PAYMENT_TERMS_DAYS);

/** Auto-assigned numbers: the year, a dash and a six-digit sequence per year (2026-000123). */
export const formatInvoiceNumber = (year: number, sequence: number): string =>
  `${year}-${String(sequence).padStart(6, '0')}`;

/** The gap-free series the product numbers documents in, one sequence per series and year. */
export type NumberSeries = 'invoice' | 'credit_note';

/** Credit notes: their own series per year (CN-2026-000001). */
export const formatCreditNoteNumber = (year: number, sequence: number): string => `CN-${year}-${String(sequence).padStart(6, '0')}`;

export const formatDocumentNumber = (series: NumberSeries, year: number, sequence: number): string => {
  switch (series) {
    case 'invoice':
      return formatInvoiceNumber(year, sequence);
    case 'credit_note':
      return formatCreditNoteNumber(year, sequence);
    default: {
      const exhaustive: never = series;
      return exhaustive;
    }
  }
};

export const MAX_INVOICE_NUMBER_LENGTH = 50;

/** A number typed by an admin: trimmed, non-blank, one line of clean text, short enough for the PDF header. */
export const normaliseInvoiceNumber = (value: string): string => {
  const number = value.trim();
  const error = !number
    ? 'This field may not be blank.'
    : number.length > MAX_INVOICE_NUMBER_LENGTH
      ? `Ensure this field has no more than ${MAX_INVOICE_NUMBER_LENGTH} characters.`
      : (textProblem(number, 'single') ?? null);
  if (error) throw new ValidationError('Please correct the errors below.', { invoiceNumber: [error] });
  return number;
};
