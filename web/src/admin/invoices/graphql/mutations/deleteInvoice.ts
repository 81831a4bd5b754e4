import { graphql } from '../../../../gql';

export const DELETE_INVOICE = graphql(`
  mutation DeleteInvoice($id: ID!) {
    deleteInvoice(id: $id)
  }
`);
