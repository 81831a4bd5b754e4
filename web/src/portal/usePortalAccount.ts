import { useCallback, useEffect, useState } from 'react';
import { http } from '../api/http';
import { reconcileCheckout } from '../payments/checkout';
import type { PaymentReturn } from '../payments/usePaymentReturn';

export interface PortalSubscription {
  id: string;
  product: { name: string; billing_cycle: string };
  status: string;
  start_date: string;
  next_billing_date: string | null;
  invoiced_until: string | null;
}

export interface PortalInvoice {
  id: string;
  invoice_number: string;
  date: string;
  due_date: string;
  total_amount: number;
  paid: boolean;
}

export interface PortalAccount {
  name: string;
  email: string;
  phone: string;
  address: string;
  subscriptions: PortalSubscription[];
  invoices: PortalInvoice[];
}

export type AccountState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; account: PortalAccount | null };

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
    } catch {
      if (!signal?.aborted) setState({ status: 'error' });
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
