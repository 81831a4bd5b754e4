import { graphql } from '../../../../gql';

export const ISSUE_CREDIT_NOTE = graphql(`
  mutation IssueCreditNote($invoiceId: ID!, $input: CreditNoteInput!) {
    issueCreditNote(invoiceId: $invoiceId, input: $input) {
      id
      creditNoteNumber
      totalAmount
    }
  }
`);
