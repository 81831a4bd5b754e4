import { graphql } from '../../../../gql';

export const CREATE_INVOICE = graphql(`
  mutation CreateInvoice($input: InvoiceInput!) {
    createInvoice(input: $input) {
      ...AdminInvoiceFields
    }
  }
`);
