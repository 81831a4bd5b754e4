import { graphql } from '../../../../gql';

export const MARK_INVOICE_PAID = graphql(`
  mutation MarkInvoicePaid($id: ID!) {
    markInvoicePaid(id: $id) {
      ...AdminInvoiceFields
    }
  }
`);
