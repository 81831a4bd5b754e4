import { useSearchParams } from '../routing/pageLocation';

export type PaymentReturn = { status: 'success'; sessionId: string | null } | { status: 'cancelled' } | { status: 'none' };

/** The `?payment=success|cancelled` (and `session_id`) the checkout sends the browser back with. */
export const usePaymentReturn = (): PaymentReturn => {
  const params = useSearchParams();
  const payment = params.get('payment');
  if (payment === 'success') return { status: 'success', sessionId: params.get('session_id') };
  if (payment === 'cancelled') return { status: 'cancelled' };
  return { status: 'none' };
};
