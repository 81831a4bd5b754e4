import { graphql } from '../../../../gql';

export const CREATE_ACCOUNT = graphql(`
  mutation CreateAccount($input: CreateAccountInput!) {
    createAccount(input: $input) {
      id
    }
  }
`);
