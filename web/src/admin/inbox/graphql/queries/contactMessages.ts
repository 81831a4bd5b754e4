import { graphql } from '../../../../gql';

export const CONTACT_MESSAGES = graphql(`
  query ContactMessages($handled: Boolean, $offset: Int!, $limit: Int!) {
    contactMessages(handled: $handled, offset: $offset, limit: $limit) {
      total
      items {
        id
        name
        email
        subject
        message
        language
        handled
        handledAt
        createdAt
      }
    }
  }
`);
