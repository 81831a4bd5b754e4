import { graphql } from '../../../../gql';

export const INBOX_COUNTS = graphql(`
  query InboxCounts {
    inboxCounts {
      unhandledContactMessages
      unhandledDemoRequests
    }
    unhandledPaymentAlerts: paymentAlerts(handled: false, limit: 1) {
      total
    }
  }
`);
