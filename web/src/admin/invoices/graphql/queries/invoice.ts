import { graphql } from '../../../../gql';

/** One invoice, for links that point at it (a journal entry's "From invoice"). */
export const INVOICE = graphql(`
  query AdminInvoice($id: ID!) {
    invoice(id: $id) {
      ...AdminInvoiceFields
    }
  }
`);
