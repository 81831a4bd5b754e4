import { graphql } from '../../../../gql';

export const DELETE_SUBSCRIPTION = graphql(`
  mutation DeleteSubscription($id: ID!) {
    deleteSubscription(id: $id)
  }
`);
