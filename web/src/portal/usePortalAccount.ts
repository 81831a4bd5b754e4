import { useCallback, useEffect, useState } from 'react';
import type { PortalAccount, PortalInvoice, PortalSubscription } from '../../../api/platform/contracts/rest.contract';
import { http } from '../api/http';
import { reconcileCheckout } from '../payments/checkout';
import type { PaymentReturn } from '../payments/usePaymentReturn';

export type { PortalAccount, PortalInvoice, PortalSubscription };

export type AccountState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; account: PortalAccount | null };

/**
 * GET /api/portal/my-account/ (its first item). Back from a successful checkout, the session is
 * first confirmed with the provider, so the list never shows "paid" on the redirect's word alone.
 */
export const usePortalAccount = (paymentReturn: PaymentReturn) => {
  const [state, setState] = useState<AccountState>({ status: 'loading' });
  const sessionId = paymentReturn.status === 'success' ? paymentReturn.sessionId : null;

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const list = await http.get<PortalAccount[]>('/api/portal/my-account/', { signal });
      setState({ status: 'ready', account: list[0] ?? null });
    } catch (error) {
      if (!signal?.aborted) setState({ status: 'error', error });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      if (sessionId) await reconcileCheckout(sessionId, 'include');
      if (!controller.signal.aborted) await load(controller.signal);
    })();
    return () => controller.abort();
  }, [load, sessionId]);

  return { state, reload: () => load() };
};
