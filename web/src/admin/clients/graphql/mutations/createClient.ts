import { graphql } from '../../../../gql';

export const CREATE_CLIENT = graphql(`
  mutation CreateClient($input: ClientInput!) {
    createClient(input: $input) {
      id
    }
  }
`);
