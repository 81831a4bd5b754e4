import { graphql } from '../../../../gql';

export const RECORD_JOURNAL_ENTRY = graphql(`
  mutation RecordJournalEntry($input: JournalEntryInput!) {
    recordJournalEntry(input: $input) {
      id
      version
    }
  }
`);
