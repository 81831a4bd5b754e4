import { graphql } from '../../../../gql';

export const CLIENT_DETAIL = graphql(`
  query ClientDetail($id: ID!) {
    client(id: $id) {
      ...AdminClientFields
      creditBalance
      subscriptions {
        ...AdminSubscriptionFields
      }
      invoices {
        ...AdminInvoiceFields
      }
    }
  }
`);
