import { ValidationError, type ErrorParams, type FieldErrors } from '../shared/errors';
import type { InvoiceLine } from './events';
import type { VatCategory } from './vat';

/**
 * A credit note credits what its invoice charged: each line's VAT category and rate must be one
 * the invoice used, and per category and rate the net and the VAT credited by all its credit notes
 * never exceed what the invoice charged there. Otherwise a credit note could reduce the VAT return
 * by VAT that was never charged (59.50 at 100 % against an invoice at 19 %).
 */

export const CREDIT_VAT_NOT_CHARGED = 'A credit note can only credit the VAT rates and categories its invoice charged.';
export const CREDIT_VAT_EXCEEDS_CHARGED = 'A credit note cannot credit more at a VAT rate than the invoice charged at that rate.';

const CATEGORY_NAMES: Record<VatCategory, string> = { S: 'standard rate', Z: 'zero rated', E: 'exempt', AE: 'reverse charge' };

/** What the invoice charged at one VAT category and rate, less what earlier credit notes credited there. */
export interface VatRemainder {
  vatCategory: VatCategory;
  vatRateBp: number;
  netCents: number;
  vatCents: number;
}

const keyOf = (vatCategory: VatCategory, vatRateBp: number) => `${vatCategory}|${vatRateBp}`;

/** Basis points as the percent a person types: 1900 → "19", 550 → "5.5", 1225 → "12.25". */
export const percentText = (bp: number): string => String(bp / 100);

const euros = (cents: number): string => (cents / 100).toFixed(2);

/** "19 % (standard rate)": how messages name a category and rate. */
export const vatLabel = (vatCategory: VatCategory, vatRateBp: number): string => `${percentText(vatRateBp)} % (${CATEGORY_NAMES[vatCategory]})`;

/**
 * Per VAT category and rate, in the order the invoice first used them: what the invoice's lines
 * charged less what the earlier credit notes' lines credited.
 */
export const vatRemainders = (charged: readonly InvoiceLine[], credited: readonly (readonly InvoiceLine[])[]): VatRemainder[] => {
  const rest = new Map<string, VatRemainder>();
  for (const l of charged) {
    const vatCategory = l.vatCategory;
    const r = rest.get(keyOf(vatCategory, l.vatRateBp)) ?? { vatCategory, vatRateBp: l.vatRateBp, netCents: 0, vatCents: 0 };
    rest.set(keyOf(vatCategory, l.vatRateBp), { ...r, netCents: r.netCents + l.netCents, vatCents: r.vatCents + l.vatCents });
  }
  for (const l of credited.flat()) {
    const r = rest.get(keyOf(l.vatCategory, l.vatRateBp));
    // A line the invoice never charged (only possible before this rule) has nothing to reduce.
    if (r) rest.set(keyOf(r.vatCategory, r.vatRateBp), { ...r, netCents: r.netCents - l.netCents, vatCents: r.vatCents - l.vatCents });
  }
  return [...rest.values()];
};

/**
 * Refuses credit-note `lines` (already decided: category, rate and amounts) that credit a VAT
 * category and rate the invoice did not charge, or more net or VAT at one than remains of it.
 * Field errors name the line (`lines.1.vatRateBp`, `lines.1.unitPriceCents`); the reason and its
 * parameters describe the first problem, for a client that words it itself.
 */
export const assertCreditsCharged = (remainders: readonly VatRemainder[], lines: readonly InvoiceLine[]): void => {
  const byKey = new Map(remainders.map((r) => [keyOf(r.vatCategory, r.vatRateBp), r]));
  const charged = remainders.map((r) => vatLabel(r.vatCategory, r.vatRateBp)).join(', ');
  const errors: FieldErrors = {};
  let first: { message: string; reason: 'CREDIT_VAT_NOT_CHARGED' | 'CREDIT_VAT_EXCEEDS_CHARGED'; params: ErrorParams } | undefined;

  const credited = new Map<string, { netCents: number; vatCents: number; lines: number[] }>();
  lines.forEach((l, i) => {
    const vatCategory = l.vatCategory;
    const key = keyOf(vatCategory, l.vatRateBp);
    if (!byKey.has(key)) {
      // The rate is right but not its category (0 % exempt against 0 % zero rated): point at the category.
      const field = remainders.some((r) => r.vatRateBp === l.vatRateBp) ? 'vatCategory' : 'vatRateBp';
      const message = `Line ${i + 1}: the invoice charged no VAT at ${vatLabel(vatCategory, l.vatRateBp)}; credit it at a rate the invoice charged: ${charged}.`;
      (errors[`lines.${i}.${field}`] ??= []).push(message);
      first ??= { message: CREDIT_VAT_NOT_CHARGED, reason: 'CREDIT_VAT_NOT_CHARGED', params: { line: String(i + 1), rate: percentText(l.vatRateBp), category: vatCategory } };
      return;
    }
    const c = credited.get(key) ?? { netCents: 0, vatCents: 0, lines: [] };
    credited.set(key, { netCents: c.netCents + l.netCents, vatCents: c.vatCents + l.vatCents, lines: [...c.lines, i] });
  });

  for (const [key, c] of credited) {
    const r = byKey.get(key)!;
    if (c.netCents <= r.netCents && c.vatCents <= r.vatCents) continue;
    const left = Math.max(0, r.netCents);
    const leftVat = Math.max(0, r.vatCents);
    for (const i of c.lines) {
      const message =
        `Line ${i + 1}: at ${vatLabel(r.vatCategory, r.vatRateBp)} the invoice has ${euros(left)} net and ${euros(leftVat)} VAT left to credit; ` +
        `the lines at that rate credit ${euros(c.netCents)} net and ${euros(c.vatCents)} VAT.`;
      (errors[`lines.${i}.unitPriceCents`] ??= []).push(message);
    }
    first ??= {
      message: CREDIT_VAT_EXCEEDS_CHARGED,
      reason: 'CREDIT_VAT_EXCEEDS_CHARGED',
      params: { line: String(c.lines[0]! + 1), rate: percentText(r.vatRateBp), category: r.vatCategory, net: euros(left), vat: euros(leftVat) },
    };
  }

  if (first) throw new ValidationError(first.message, errors, first.reason, first.params);
};
