import { graphql } from '../../../../gql';

/** Makes a token: its secret (`token`) is in this answer only. */
export const CREATE_API_TOKEN = graphql(`
  mutation CreateApiToken($input: ApiTokenInput!) {
    createApiToken(input: $input) {
      apiToken {
        ...ApiTokenFields
      }
      token
    }
  }
`);
