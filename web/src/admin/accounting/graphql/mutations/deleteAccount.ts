import { graphql } from '../../../../gql';

export const DELETE_ACCOUNT = graphql(`
  mutation DeleteAccount($id: ID!) {
    deleteAccount(id: $id)
  }
`);
