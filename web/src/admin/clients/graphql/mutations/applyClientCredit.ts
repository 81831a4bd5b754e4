import { graphql } from '../../../../gql';

export const APPLY_CLIENT_CREDIT = graphql(`
  mutation ApplyClientCredit($id: ID!, $input: ApplyCreditInput!) {
    applyClientCredit(id: $id, input: $input) {
      ...AdminInvoiceFields
    }
  }
`);
