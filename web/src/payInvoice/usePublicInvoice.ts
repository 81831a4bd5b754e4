import { useCallback, useEffect, useState } from 'react';
import type { PublicInvoiceWire } from '../../../api/platform/contracts/rest.contract';
import { http } from '../api/http';
import { loadFailureOf, type LoadFailure } from '../common/DataState';
import { reconcileCheckout } from '../payments/checkout';
import { paymentConfirmation, type PaymentConfirmation } from '../payments/paymentConfirmation';
import type { PaymentReturn } from '../payments/usePaymentReturn';
import { useSiteData } from '../ssr/siteData';

export type PublicInvoice = PublicInvoiceWire;

/** Paid or cancelled: nothing more is asked of the payer. */
export const isSettled = (invoice: PublicInvoice): boolean => invoice.paid || invoice.cancelled;

/** What the payer still owes: the open amount, or nothing once the invoice is settled. */
export const amountDue = (invoice: PublicInvoice): number => (isSettled(invoice) ? 0 : invoice.open_amount);

export type PublicInvoiceState =
  | { status: 'loading' }
  /** `reason`: why, as the page words it (notFound: the link names no invoice). */
  | { status: 'error'; reason: LoadFailure }
  | { status: 'ready'; invoice: PublicInvoice; confirmation: PaymentConfirmation };

const POLL_MS = 1500;
const POLL_TRIES = 8;

const fetchInvoice = (id: string, signal: AbortSignal) =>
  http.get<PublicInvoice>(`/api/public/invoices/${encodeURIComponent(id)}/`, { credentials: 'omit', signal });

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The pay link's invoice (no cookies). Back from a successful checkout it confirms the session
 * with the provider and polls briefly until the invoice reads paid: the redirect alone proves
 * nothing. `recheck` confirms and polls again after the payment did not arrive in time.
 */
export const usePublicInvoice = (invoiceId: string, paymentReturn: PaymentReturn) => {
  const returnedPaid = paymentReturn.status === 'success';
  const rendered = useSiteData()?.invoice;
  // A server-rendered page starts from the invoice the server read (the effect below reads it again).
  const [state, setState] = useState<PublicInvoiceState>(() =>
    rendered?.id !== invoiceId
      ? { status: 'loading' }
      : rendered.found
        ? { status: 'ready', invoice: rendered.found, confirmation: paymentConfirmation(returnedPaid, rendered.found.paid, returnedPaid && !rendered.found.paid) }
        : { status: 'error', reason: 'notFound' },
  );
  const [attempt, setAttempt] = useState(0);
  const sessionId = paymentReturn.status === 'success' ? paymentReturn.sessionId : null;

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      try {
        let invoice = await fetchInvoice(invoiceId, signal);
        const show = (waiting: boolean) => setState({ status: 'ready', invoice, confirmation: paymentConfirmation(returnedPaid, invoice.paid, waiting) });
        if (!returnedPaid || invoice.paid) return show(false);
        show(true);
        if (sessionId) await reconcileCheckout(sessionId, 'omit');
        for (let i = 0; i < POLL_TRIES && !invoice.paid && !signal.aborted; i++) {
          invoice = await fetchInvoice(invoiceId, signal);
          if (!invoice.paid) await sleep(POLL_MS, signal);
        }
        if (!signal.aborted) show(false);
      } catch (err) {
        if (!signal.aborted) setState({ status: 'error', reason: loadFailureOf(err) });
      }
    })();
    return () => controller.abort();
  }, [invoiceId, returnedPaid, sessionId, attempt]);

  const recheck = useCallback(() => {
    setState((s) => (s.status === 'ready' ? { ...s, confirmation: 'confirming' } : s));
    setAttempt((n) => n + 1);
  }, []);

  /** Reads the invoice again after a failed read (a server or network failure, not an unknown link). */
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, recheck, retry };
};
