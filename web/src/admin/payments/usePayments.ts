import { skipToken, useMutation, useQuery } from '@apollo/client/react';
import type { InvoiceView } from '../invoices/invoiceTypes';
import { REFUND_PAYMENT } from './graphql/mutations/refundPayment';
import { INVOICE_PAYMENTS } from './graphql/queries/invoicePayments';
import type { PaymentView } from './refundable';

/** An invoice with its payments; fetched afresh on every opening (a webhook may have moved money since). */
export const useInvoicePayments = (invoiceId: string | undefined) => {
  const { data, loading, error, refetch } = useQuery(INVOICE_PAYMENTS, invoiceId ? { variables: { id: invoiceId }, fetchPolicy: 'cache-and-network' } : skipToken);
  const invoice = data?.invoice as (InvoiceView & { payments: PaymentView[] }) | undefined;
  return { invoice, loading: loading && !data, error, refetch };
};

export interface RefundValues {
  amount: number;
  reason: string;
  /** Only for refunds paid back by hand; Stripe dates its own. */
  date?: string;
}

// The mutation answers the invoice with its payments; these lists show it too (open amount, partly
// paid; the inbox's payment alerts, what was refunded).
const refetchQueries = ['AdminInvoices', 'AdminInvoice', 'ClientDetail', 'AdminOverview', 'PaymentAlerts'];

export const useRefundPayment = () => {
  const [refund, state] = useMutation(REFUND_PAYMENT, { refetchQueries, awaitRefetchQueries: true });
  const run = (paymentId: string, v: RefundValues, idempotencyKey: string) =>
    refund({ variables: { paymentId, input: { amount: Number(v.amount), reason: v.reason.trim(), date: v.date ?? null, idempotencyKey } } });
  return { refund: run, refunding: state.loading };
};
