import { graphql } from '../../../../gql';

export const INVOICE_EVENT_HISTORY = graphql(`
  query InvoiceEventHistory($id: ID!) {
    invoiceEventHistory(id: $id) {
      revision
      type
      actor
      actorName
      recordedAt
      data
    }
  }
`);
