import { graphql } from '../../../../gql';

export const UPDATE_INVOICE = graphql(`
  mutation UpdateInvoice($id: ID!, $input: InvoiceInput!) {
    updateInvoice(id: $id, input: $input) {
      ...AdminInvoiceFields
    }
  }
`);
