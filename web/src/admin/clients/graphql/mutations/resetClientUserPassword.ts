import { graphql } from '../../../../gql';

export const RESET_CLIENT_USER_PASSWORD = graphql(`
  mutation ResetClientUserPassword($id: ID!) {
    resetClientUserPassword(id: $id) {
      username
      password
    }
  }
`);
