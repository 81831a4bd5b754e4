/** A payment as the payments drawer reads it (euros on the wire, its amount also in cents). */
export interface PaymentView {
  id: string;
  amount: number;
  amountCents: number;
  date: string;
  /** stripe, card, bank, manual, cash, other, or credit (credit balance applied from another invoice). */
  method: string;
  reference?: string | null;
  refundedAmount: number;
  disputedAmount: number;
  /** open, won or lost; null without a dispute. */
  disputeStatus?: string | null;
  fee: number;
  /** The money account it went into; null for a card payment or applied credit. */
  depositedTo?: { id: string; name: string } | null;
}

const cents = (euros: number) => Math.round(euros * 100);

/**
 * What may still be refunded, in cents: the amount less what was refunded and less a dispute that
 * is open or lost (that money is already out of our hands); nothing of applied credit. The server's
 * rule (refundableCents).
 */
export const refundableCents = (p: Pick<PaymentView, 'amountCents' | 'refundedAmount' | 'disputedAmount' | 'disputeStatus'> & { method?: string }): number => {
  if (p.method === 'credit') return 0;
  const disputed = p.disputeStatus === 'open' || p.disputeStatus === 'lost' ? cents(p.disputedAmount) : 0;
  return Math.max(0, p.amountCents - cents(p.refundedAmount) - disputed);
};

/**
 * Refunded through Stripe's API (the money goes back to the card; Stripe dates it): a checkout
 * payment with its payment intent. Every other payment's refund is paid back by hand, and dated.
 */
export const refundedThroughStripe = (p: Pick<PaymentView, 'method' | 'reference'>): boolean => p.method === 'stripe' && !!p.reference;

/** One key per opened refund dialog: the server takes the same key as the same refund. */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a back office over plain HTTP still gets a random key.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
};
