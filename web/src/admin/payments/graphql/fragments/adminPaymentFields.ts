import { graphql } from '../../../../gql';

/** What the payments drawer shows of one payment (where it went too), and what decides how much is still refundable. */
export const ADMIN_PAYMENT_FIELDS = graphql(`
  fragment AdminPaymentFields on Payment {
    id
    amount
    amountCents
    date
    method
    reference
    refundedAmount
    disputedAmount
    disputeStatus
    fee
    depositedTo {
      id
      name
    }
  }
`);
