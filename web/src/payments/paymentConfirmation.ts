/**
 * What a page says after a checkout sent the visitor back with `?payment=success`. The redirect
 * proves nothing: success is said only once the server has recorded the payment; until then the
 * page is confirming, and when the payment does not arrive in time it says so.
 */
export type PaymentConfirmation = 'none' | 'confirming' | 'confirmed' | 'unconfirmed';

export const paymentConfirmation = (returnedPaid: boolean, invoicePaid: boolean, stillWaiting: boolean): PaymentConfirmation => {
  if (!returnedPaid) return 'none';
  if (invoicePaid) return 'confirmed';
  return stillWaiting ? 'confirming' : 'unconfirmed';
};
