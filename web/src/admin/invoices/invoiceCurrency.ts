/**
 * What an invoice in another currency than the euro cannot have yet: the server refuses credit
 * notes, write-offs, refunds and applied credit on it (domain/invoice/decide.ts), and card checkout
 * (payableByCard). Payments by hand and Mark as Paid work.
 */
export const correctable = (invoice: { currency?: string | null }): boolean => (invoice.currency ?? 'EUR') === 'EUR';

const NO_RATE = /^There is no ([A-Z]{3}) exchange rate on or before (\d{4}-\d{2}-\d{2})\./;

/**
 * The server's refusal of a document dated before any rate of its currency (domain/currency/rate.ts
 * noRateFor), read back for the screen's own wording: its currency and date, or null for another text.
 */
export const missingRate = (message: string): { currency: string; date: string } | null => {
  const match = NO_RATE.exec(message);
  return match ? { currency: match[1]!, date: match[2]! } : null;
};
