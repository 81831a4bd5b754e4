import { graphql } from '../../../../gql';

export const CREATE_SUBSCRIPTION_INVOICE = graphql(`
  mutation CreateSubscriptionInvoice($id: ID!) {
    createSubscriptionInvoice(id: $id) {
      id
      invoiceNumber
    }
  }
`);
