import { graphql } from '../../../../gql';

/** Answers the invoice with its payments, so the drawer and every list showing it update from the cache. */
export const REFUND_PAYMENT = graphql(`
  mutation RefundPayment($paymentId: ID!, $input: RefundPaymentInput!) {
    refundPayment(paymentId: $paymentId, input: $input) {
      ...AdminInvoiceFields
      payments {
        ...AdminPaymentFields
      }
    }
  }
`);
