import { graphql } from '../../../../gql';

/** Every API token, live ones first. */
export const API_TOKENS = graphql(`
  query ApiTokens {
    apiTokens {
      ...ApiTokenFields
    }
  }
`);
