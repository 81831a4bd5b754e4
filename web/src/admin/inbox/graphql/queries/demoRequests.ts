import { graphql } from '../../../../gql';

export const DEMO_REQUESTS = graphql(`
  query DemoRequests($handled: Boolean, $offset: Int!, $limit: Int!) {
    demoRequests(handled: $handled, offset: $offset, limit: $limit) {
      total
      items {
        id
        name
        email
        company
        date
        time
        message
        language
        handled
        handledAt
        createdAt
      }
    }
  }
`);
