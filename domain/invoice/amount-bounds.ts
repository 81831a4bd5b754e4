import { ValidationError, type FieldErrors } from '../shared/errors';
import { amountTooLarge, MAX_AMOUNT_CENTS, MAX_QUANTITY } from '../shared/money';
import type { InvoiceLine, InvoiceTotals } from './events';

/**
 * The bounds of domain/shared/money.ts applied to a document's lines and totals, for every writer
 * (REST, GraphQL, recurring invoices, seeds): a line's amount with VAT and a document's total are
 * at most MAX_AMOUNT_CENTS, so each figure is exact and sums over the books stay exact.
 */

export const LINE_TOO_LARGE = amountTooLarge("A line's amount with VAT");
export const QUANTITY_TOO_LARGE = `Ensure this value is less than or equal to ${MAX_QUANTITY}.`;
export const PRICE_TOO_LARGE = amountTooLarge('A unit price');
export const documentTooLarge = (document: 'invoice' | 'credit note'): string =>
  amountTooLarge(document === 'invoice' ? "An invoice's total" : "A credit note's total");

/** What a line needs of its input to be computed exactly: quantity in thousandths, price in cents. */
interface LineFigures {
  quantityMilli: number;
  unitPriceCents: number;
}

const inRange = (value: number, max: number): boolean => Number.isSafeInteger(value) && value >= 0 && value <= max;

/**
 * The refusals of lines as entered (before they are computed) and as computed, under the command's
 * field names (`lines.<i>.<field>`). Quantity × price is computed in BigInt by `lineAmounts`, so a
 * line above the bound is seen as above it (10^11 is exact as a number, and rounding a larger
 * exact value to a number never brings it below), never as a rounded figure.
 */
export const lineBoundErrors = (inputs: LineFigures[], lines: Pick<InvoiceLine, 'grossCents' | 'netCents' | 'vatCents'>[]): FieldErrors => {
  const errors: FieldErrors = {};
  inputs.forEach((input, i) => {
    if (!inRange(input.quantityMilli, MAX_QUANTITY * 1000)) errors[`lines.${i}.quantityMilli`] = [QUANTITY_TOO_LARGE];
    if (!inRange(input.unitPriceCents, MAX_AMOUNT_CENTS)) errors[`lines.${i}.unitPriceCents`] = [PRICE_TOO_LARGE];
    const line = lines[i];
    if (line && !errors[`lines.${i}.unitPriceCents`] && !(line.grossCents <= MAX_AMOUNT_CENTS && line.netCents <= MAX_AMOUNT_CENTS)) {
      errors[`lines.${i}.unitPriceCents`] = [LINE_TOO_LARGE];
    }
  });
  return errors;
};

/**
 * Refuses lines or a total beyond the bound with a 400 that names the limit: the first refusal is
 * the message, every one is under its field (a line's under its price, the total under `lines`).
 */
export const assertWithinBounds = (document: 'invoice' | 'credit note', inputs: LineFigures[] | undefined, lines: InvoiceLine[], totals: InvoiceTotals): void => {
  const errors = inputs ? lineBoundErrors(inputs, lines) : {};
  if (Object.keys(errors).length === 0 && !(totals.grossCents <= MAX_AMOUNT_CENTS && totals.netCents <= MAX_AMOUNT_CENTS)) {
    errors.lines = [documentTooLarge(document)];
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first[0]!, errors);
};
