import { graphql } from '../../../../gql';

export const CORRECT_SINGLE_LINE_JOURNAL_ENTRY = graphql(`
  mutation CorrectSingleLineJournalEntry($id: ID!, $input: SingleLineJournalEntryInput!, $expectedVersion: Int) {
    correctSingleLineJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {
      id
      version
    }
  }
`);
