import { graphql } from '../../../../gql';

export const CREATE_SUBSCRIPTION = graphql(`
  mutation CreateSubscription($input: SubscriptionInput!) {
    createSubscription(input: $input) {
      id
    }
  }
`);
