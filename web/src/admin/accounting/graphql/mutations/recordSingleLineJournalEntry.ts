import { graphql } from '../../../../gql';

export const RECORD_SINGLE_LINE_JOURNAL_ENTRY = graphql(`
  mutation RecordSingleLineJournalEntry($input: SingleLineJournalEntryInput!) {
    recordSingleLineJournalEntry(input: $input) {
      id
      version
    }
  }
`);
