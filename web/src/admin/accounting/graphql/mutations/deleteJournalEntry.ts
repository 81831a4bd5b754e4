import { graphql } from '../../../../gql';

export const DELETE_JOURNAL_ENTRY = graphql(`
  mutation DeleteJournalEntry($id: ID!, $expectedVersion: Int) {
    deleteJournalEntry(id: $id, expectedVersion: $expectedVersion)
  }
`);
