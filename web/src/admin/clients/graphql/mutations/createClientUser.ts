import { graphql } from '../../../../gql';

export const CREATE_CLIENT_USER = graphql(`
  mutation CreateClientUser($id: ID!) {
    createClientUser(id: $id) {
      username
      password
    }
  }
`);
