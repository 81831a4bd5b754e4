import { graphql } from '../../../../gql';

export const SEND_INVOICE = graphql(`
  mutation SendInvoice($id: ID!) {
    sendInvoice(id: $id) {
      ...AdminInvoiceFields
    }
  }
`);
