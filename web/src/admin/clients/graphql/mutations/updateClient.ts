import { graphql } from '../../../../gql';

export const UPDATE_CLIENT = graphql(`
  mutation UpdateClient($id: ID!, $input: ClientInput!) {
    updateClient(id: $id, input: $input) {
      id
      version
    }
  }
`);
