/**
 * What is still for euros only on the admin side: the admin row's own card "Pay" (the admin list
 * does not say whether the checkout can charge the invoice's currency, as the pay link and the
 * portal do with `card_payment`). Credit notes, cancelling an issued invoice, write-offs, refunds of
 * payments recorded by hand, payments by hand, Mark as Paid and applied credit work in any
 * currency, in the invoice's.
 */
export const allowsAdminCardPay = (invoice: { currency?: string | null }): boolean => (invoice.currency ?? 'EUR') === 'EUR';

const NO_RATE = /^There is no ([A-Z]{3}) exchange rate on or before (\d{4}-\d{2}-\d{2})\./;

/**
 * The server's refusal of a document dated before any rate of its currency (domain/currency/rate.ts
 * noRateFor), read back for the screen's own wording: its currency and date, or null for another text.
 */
export const missingRate = (message: string): { currency: string; date: string } | null => {
  const match = NO_RATE.exec(message);
  return match ? { currency: match[1]!, date: match[2]! } : null;
};
