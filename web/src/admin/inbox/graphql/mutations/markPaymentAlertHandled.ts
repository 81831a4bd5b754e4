import { graphql } from '../../../../gql';

export const MARK_PAYMENT_ALERT_HANDLED = graphql(`
  mutation MarkPaymentAlertHandled($id: ID!, $handled: Boolean!) {
    markPaymentAlertHandled(id: $id, handled: $handled)
  }
`);
