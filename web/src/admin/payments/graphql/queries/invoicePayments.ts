import { graphql } from '../../../../gql';

/** One invoice with its payments, for the payments drawer. */
export const INVOICE_PAYMENTS = graphql(`
  query AdminInvoicePayments($id: ID!) {
    invoice(id: $id) {
      ...AdminInvoiceFields
      payments {
        ...AdminPaymentFields
      }
    }
  }
`);
