import { graphql } from '../../../../gql';

export const REFUND_PAYMENT = graphql(`
  mutation RefundPayment($paymentId: ID!, $input: RefundPaymentInput!) {
    refundPayment(paymentId: $paymentId, input: $input) {
      id
      paid
      openAmount
    }
  }
`);
