import { graphql } from '../../../../gql';

export const JOURNAL_ENTRIES = graphql(`
  query JournalEntries($page: PageInput) {
    journalEntries(page: $page) {
      total
      items {
        id
        date
        description
        source
        sourceId
        invoiceId
        version
        editable
        lines {
          accountId
          accountName
          debit
          credit
          vatCategory
          vatRate
          vatSettlement
        }
        singleLine {
          accountId
          accountName
          debit
          credit
        }
      }
    }
  }
`);
