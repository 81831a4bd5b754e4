import { useMutation } from '@apollo/client/react';
import { DELETE_JOURNAL_ENTRY } from '../graphql/mutations/deleteJournalEntry';
import { LEDGER_QUERIES } from './refetch';

export const useDeleteJournalEntry = () => {
  const [mutate, { loading }] = useMutation(DELETE_JOURNAL_ENTRY, { refetchQueries: LEDGER_QUERIES, awaitRefetchQueries: true });
  return { deleting: loading, deleteEntry: (id: string, version: number) => mutate({ variables: { id, expectedVersion: version } }) };
};
