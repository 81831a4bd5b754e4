import { useQuery } from '@apollo/client/react';
import { JOURNAL_ENTRIES } from '../graphql/queries/journalEntries';
import type { JournalEntriesQuery } from '../../../gql/graphql';

export type JournalEntryRow = JournalEntriesQuery['journalEntries']['items'][number];

export const useJournalEntries = (page: { offset: number; limit: number }) => {
  const { data, previousData, loading, error, refetch } = useQuery(JOURNAL_ENTRIES, { variables: { page } });
  const shown = data ?? previousData;
  return { entries: shown?.journalEntries.items ?? [], total: shown?.journalEntries.total ?? 0, loading, error, refetch };
};
