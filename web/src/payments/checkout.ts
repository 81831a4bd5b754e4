import type { CheckoutAnswer, ReconcileAnswer } from '../../../api/platform/contracts/rest.contract';
import { ApiError, http } from '../api/http';

export type CheckoutFailure = 'createSession' | 'redirect' | 'alreadyPaid';

export class CheckoutError extends Error {
  constructor(readonly reason: CheckoutFailure) {
    super(reason);
    this.name = 'CheckoutError';
  }
}


/** Only an absolute http(s) URL is followed: anything else counts as a failed redirect. */
const checkoutUrl = (url: unknown): string | undefined => {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Opens the hosted checkout for an invoice and sends the browser there. The server picks the
 * amount and the return page (`returnTo`, a path of ours); the public pay page calls without
 * cookies, the portal and admin with their session.
 */
export const startCheckout = async (
  invoiceId: string,
  options: { returnTo: string; credentials: 'include' | 'omit'; navigate?: (url: string) => void },
): Promise<void> => {
  let answer: CheckoutAnswer;
  try {
    answer = await http.post<CheckoutAnswer>(
      `/api/invoices/${encodeURIComponent(invoiceId)}/create-checkout-session/`,
      { return_to: options.returnTo },
      { credentials: options.credentials },
    );
  } catch (err) {
    throw new CheckoutError(err instanceof ApiError && err.status === 400 && err.message === 'This invoice has already been paid.' ? 'alreadyPaid' : 'createSession');
  }
  const url = checkoutUrl(answer?.url);
  if (!url) throw new CheckoutError('redirect');
  try {
    (options.navigate ?? ((to: string) => window.location.assign(to)))(url);
  } catch {
    throw new CheckoutError('redirect');
  }
};

/** After returning from checkout, asks the server to confirm the session with the provider. Never throws. */
export const reconcileCheckout = async (sessionId: string, credentials: 'include' | 'omit'): Promise<boolean> => {
  try {
    const answer = await http.post<ReconcileAnswer>('/api/payments/reconcile/', { session_id: sessionId }, { credentials });
    return answer.paid;
  } catch {
    return false;
  }
};

export const checkoutErrorKey = (err: unknown): string =>
  `payInvoice.errors.${err instanceof CheckoutError ? err.reason : 'createSession'}`;
