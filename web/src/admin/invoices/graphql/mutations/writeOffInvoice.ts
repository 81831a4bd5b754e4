import { graphql } from '../../../../gql';

export const WRITE_OFF_INVOICE = graphql(`
  mutation WriteOffInvoice($id: ID!, $input: WriteOffInvoiceInput!) {
    writeOffInvoice(id: $id, input: $input) {
      ...AdminInvoiceFields
    }
  }
`);
