import { graphql } from '../../../../gql';

export const CORRECT_JOURNAL_ENTRY = graphql(`
  mutation CorrectJournalEntry($id: ID!, $input: JournalEntryInput!, $expectedVersion: Int) {
    correctJournalEntry(id: $id, input: $input, expectedVersion: $expectedVersion) {
      id
      version
    }
  }
`);
