import { graphql } from '../../../../gql';

export const UPDATE_SUBSCRIPTION = graphql(`
  mutation UpdateSubscription($id: ID!, $input: SubscriptionInput!) {
    updateSubscription(id: $id, input: $input) {
      id
      version
    }
  }
`);
