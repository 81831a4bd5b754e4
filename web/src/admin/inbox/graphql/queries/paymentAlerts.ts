import { graphql } from '../../../../gql';

export const PAYMENT_ALERTS = graphql(`
  query PaymentAlerts($handled: Boolean, $offset: Int!, $limit: Int!) {
    paymentAlerts(handled: $handled, offset: $offset, limit: $limit) {
      total
      items {
        id
        invoiceId
        invoiceNumber
        clientId
        clientName
        reason
        amount
        refundedAmount
        date
        postedOn
        reference
        recordedAt
        handled
        handledAt
      }
    }
  }
`);
