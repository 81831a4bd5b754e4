import { graphql } from '../../../../gql';

/** Credit notes, newest first: all, one client's, or one invoice's. */
export const CREDIT_NOTES = graphql(`
  query AdminCreditNotes($clientId: ID, $invoiceId: ID) {
    creditNotes(clientId: $clientId, invoiceId: $invoiceId) {
      id
      creditNoteNumber
      date
      reason
      full
      clientId
      clientName
      totalAmount
      currency
      invoice {
        id
        invoiceNumber
        date
      }
    }
  }
`);
