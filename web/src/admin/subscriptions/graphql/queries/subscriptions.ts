import { graphql } from '../../../../gql';

export const SUBSCRIPTIONS = graphql(`
  query AdminSubscriptions($page: PageInput, $clientId: ID, $status: SubscriptionStatus) {
    subscriptions(page: $page, clientId: $clientId, status: $status) {
      total
      items {
        ...AdminSubscriptionFields
      }
    }
  }
`);
