/**
 * Whether an invoice can be written off, and take or give the client's credit balance: only in
 * euros so far. In another currency the server refuses write-offs and applied credit (and disputes,
 * domain/invoice/decide.ts notInCurrency), and card checkout (payableByCard); credit notes, cancelling
 * an issued invoice, refunds of payments recorded by hand, payments by hand and Mark as Paid work
 * in any currency, in the invoice's.
 */
export const allowsWriteOffAndAppliedCredit = (invoice: { currency?: string | null }): boolean => (invoice.currency ?? 'EUR') === 'EUR';

const NO_RATE = /^There is no ([A-Z]{3}) exchange rate on or before (\d{4}-\d{2}-\d{2})\./;

/**
 * The server's refusal of a document dated before any rate of its currency (domain/currency/rate.ts
 * noRateFor), read back for the screen's own wording: its currency and date, or null for another text.
 */
export const missingRate = (message: string): { currency: string; date: string } | null => {
  const match = NO_RATE.exec(message);
  return match ? { currency: match[1]!, date: match[2]! } : null;
};
