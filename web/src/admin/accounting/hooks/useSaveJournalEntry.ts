import { useMutation } from '@apollo/client/react';
import { CORRECT_JOURNAL_ENTRY } from '../graphql/mutations/correctJournalEntry';
import { CORRECT_SINGLE_LINE_JOURNAL_ENTRY } from '../graphql/mutations/correctSingleLineJournalEntry';
import { RECORD_JOURNAL_ENTRY } from '../graphql/mutations/recordJournalEntry';
import { RECORD_SINGLE_LINE_JOURNAL_ENTRY } from '../graphql/mutations/recordSingleLineJournalEntry';
import { LEDGER_QUERIES } from './refetch';

export interface SingleLineValues {
  date: string;
  accountId: string;
  debit: number;
  credit: number;
  description: string;
}

export interface MultiLineValues {
  date: string;
  description: string;
  lines: Array<{ accountId: string; debit: number; credit: number; vatCategory?: string; vatRate?: number; vatSettlement?: boolean }>;
}

const options = { refetchQueries: LEDGER_QUERIES, awaitRefetchQueries: true };

/** Records or corrects an entry in either form; rejects with the server's error (the caller keeps its modal open). */
export const useSaveJournalEntry = () => {
  const [recordSingle, single] = useMutation(RECORD_SINGLE_LINE_JOURNAL_ENTRY, options);
  const [correctSingle, singleFix] = useMutation(CORRECT_SINGLE_LINE_JOURNAL_ENTRY, options);
  const [recordMulti, multi] = useMutation(RECORD_JOURNAL_ENTRY, options);
  const [correctMulti, multiFix] = useMutation(CORRECT_JOURNAL_ENTRY, options);
  return {
    saving: single.loading || singleFix.loading || multi.loading || multiFix.loading,
    saveSingle: async (input: SingleLineValues, existing?: { id: string; version: number }) => {
      if (existing) await correctSingle({ variables: { id: existing.id, input, expectedVersion: existing.version } });
      else await recordSingle({ variables: { input } });
    },
    saveMulti: async (input: MultiLineValues, existing?: { id: string; version: number }) => {
      if (existing) await correctMulti({ variables: { id: existing.id, input, expectedVersion: existing.version } });
      else await recordMulti({ variables: { input } });
    },
  };
};
