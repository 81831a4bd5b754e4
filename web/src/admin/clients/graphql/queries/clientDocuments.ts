import { graphql } from '../../../../gql';

/** Whether a client has invoices or subscriptions: then its currency is kept (its documents are in it). */
export const CLIENT_DOCUMENTS = graphql(`
  query ClientDocuments($clientId: ID!) {
    invoices(clientId: $clientId, page: { offset: 0, limit: 1 }) {
      total
    }
    subscriptions(clientId: $clientId, page: { offset: 0, limit: 1 }) {
      total
    }
  }
`);
