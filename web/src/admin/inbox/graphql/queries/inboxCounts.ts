import { graphql } from '../../../../gql';

export const INBOX_COUNTS = graphql(`
  query InboxCounts {
    inboxCounts {
      unhandledContactMessages
      unhandledDemoRequests
    }
  }
`);
