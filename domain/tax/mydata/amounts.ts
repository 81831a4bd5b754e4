import type { BillingDocument } from '../../einvoice/document';
import { BOOKS_CURRENCY } from '../../currency/currencies';
import { euroDocument, euroShares } from '../../currency/conversion';
import { Exact } from '../../currency/rate';
import { ValidationError } from '../../shared/errors';
import { centsToDecimal } from '../../shared/money';

/**
 * The amounts of a myDATA document, in integer euro cents. myDATA's books, the E3 income return and
 * the VAT return it fills are in euros, so a document in another currency states its amounts in
 * euros and names its currency and rate in the header. The euros are the ledger's: gross and each
 * VAT rate's VAT converted at the document's rate and the lines' nets sharing the rest
 * (../../currency/conversion), each rate's VAT then shared among its lines; so the lines add up to
 * the totals to the cent, as AADE checks, and to what was posted.
 */
export interface MyDataAmounts {
  lines: { netCents: number; vatCents: number }[];
  netCents: number;
  vatCents: number;
  grossCents: number;
  /** A document in another currency: its rate (units per euro) with the five decimals myDATA takes. */
  exchangeRate: string | null;
}

/** The largest rate myDATA takes (ExchangeRateType). */
const MAX_EXCHANGE_RATE = 50_000;

/** The breakdown row a line's VAT belongs to (as `vatBreakdown` groups them). */
const rowKey = (category: string, rateBp: number, exemptionReason: string | undefined): string => `${category}|${rateBp}|${exemptionReason ?? ''}`;

const euroLines = (doc: BillingDocument, rate: string): { netCents: number; vatCents: number }[] => {
  const euro = euroDocument({ rate, lineNets: doc.lines.map((l) => l.netCents), vatByRate: doc.breakdown.map((r) => r.vatCents) });
  const vat = new Array<number>(doc.lines.length).fill(0);
  doc.breakdown.forEach((row, r) => {
    const key = rowKey(row.category, row.rateBp, row.exemptionReason);
    const members = doc.lines.flatMap((l, i) => (rowKey(l.vatCategory, l.vatRateBp, l.exemptionReason) === key ? [i] : []));
    const shares = euroShares(members.map((i) => doc.lines[i]!.vatCents), rate, euro.vatByRate[r]!);
    members.forEach((i, k) => (vat[i] = shares[k]!));
  });
  return doc.lines.map((_, i) => ({ netCents: euro.lineNets[i]!, vatCents: vat[i]! }));
};

const exchangeRateText = (rate: string): string => {
  const rounded = new Exact(rate).toDecimalPlaces(5);
  if (rounded.isZero() || rounded.greaterThan(MAX_EXCHANGE_RATE)) throw new ValidationError(`myDATA takes an exchange rate above 0 and up to ${MAX_EXCHANGE_RATE.toLocaleString('en')} with five decimals: the document's is ${rate}.`);
  return rounded.toString();
};

/** The document's amounts for myDATA: its own in euros, converted otherwise. Amounts are never negative (a credit note states what it credits). */
export const myDataAmounts = (doc: BillingDocument): MyDataAmounts => {
  const foreign = doc.currency !== BOOKS_CURRENCY;
  if (foreign && !doc.accounting) throw new Error(`Document ${doc.number} is in ${doc.currency} without its rate to the euro.`);
  const lines = foreign ? euroLines(doc, doc.accounting!.rate) : doc.lines.map((l) => ({ netCents: l.netCents, vatCents: l.vatCents }));
  if (lines.some((l) => l.netCents < 0 || l.vatCents < 0)) throw new ValidationError(`myDATA takes no negative amount: document ${doc.number} has a line below zero.`);
  const netCents = lines.reduce((s, l) => s + l.netCents, 0);
  const vatCents = lines.reduce((s, l) => s + l.vatCents, 0);
  return { lines, netCents, vatCents, grossCents: netCents + vatCents, exchangeRate: foreign ? exchangeRateText(doc.accounting!.rate) : null };
};

/** Integer cents as the decimal text myDATA's AmountType takes (two places), by integer arithmetic only: 123456 → "1234.56". */
export const amountText = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Not an amount myDATA takes: ${cents}`);
  return centsToDecimal(cents);
};
