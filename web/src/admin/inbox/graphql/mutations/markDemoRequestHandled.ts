import { graphql } from '../../../../gql';

export const MARK_DEMO_REQUEST_HANDLED = graphql(`
  mutation MarkDemoRequestHandled($id: ID!, $handled: Boolean!) {
    markDemoRequestHandled(id: $id, handled: $handled) {
      id
      handled
      handledAt
    }
  }
`);
