import { graphql } from '../../../../gql';

export const MARK_CONTACT_MESSAGE_HANDLED = graphql(`
  mutation MarkContactMessageHandled($id: ID!, $handled: Boolean!) {
    markContactMessageHandled(id: $id, handled: $handled) {
      id
      handled
      handledAt
    }
  }
`);
