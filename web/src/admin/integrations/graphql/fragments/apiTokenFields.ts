import { graphql } from '../../../../gql';

/** What the tokens list shows of a token (never its secret: only its first characters). */
export const API_TOKEN_FIELDS = graphql(`
  fragment ApiTokenFields on ApiToken {
    id
    name
    scope
    areas
    prefix
    createdAt
    expiresAt
    lastUsedAt
    revokedAt
  }
`);
