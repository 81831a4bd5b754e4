import { graphql } from '../../../../gql';

export const JOURNAL_ENTRY_HISTORY = graphql(`
  query JournalEntryHistory($id: ID!) {
    journalEntryHistory(id: $id) {
      revision
      type
      actor
      actorName
      recordedAt
      data
    }
  }
`);
