import { skipToken, useQuery } from '@apollo/client/react';
import { INVOICE_EVENT_HISTORY } from './graphql/queries/invoiceEventHistory';
import { JOURNAL_ENTRY_HISTORY } from './graphql/queries/journalEntryHistory';

/** The entities with an event stream, and so a history. */
export type HistoryKind = 'journalEntry' | 'invoice';

export interface HistoryEvent {
  revision: number;
  type: string;
  /** A user id, or a system actor (system, scheduler, stripe). */
  actor: string;
  actorName: string;
  recordedAt: string;
  data: string;
}

export const useEntityHistory = (kind: HistoryKind, id: string | undefined) => {
  const journal = useQuery(JOURNAL_ENTRY_HISTORY, kind === 'journalEntry' && id ? { variables: { id }, fetchPolicy: 'network-only' } : skipToken);
  const invoice = useQuery(INVOICE_EVENT_HISTORY, kind === 'invoice' && id ? { variables: { id }, fetchPolicy: 'network-only' } : skipToken);
  const events: HistoryEvent[] | undefined = kind === 'journalEntry' ? journal.data?.journalEntryHistory : invoice.data?.invoiceEventHistory;
  const active = kind === 'journalEntry' ? journal : invoice;
  return { events, loading: active.loading, error: active.error, refetch: active.refetch };
};
