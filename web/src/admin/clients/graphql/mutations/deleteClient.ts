import { graphql } from '../../../../gql';

export const DELETE_CLIENT = graphql(`
  mutation DeleteClient($id: ID!) {
    deleteClient(id: $id)
  }
`);
