import { useMutation, useQuery } from '@apollo/client/react';
import { CONTACT_MESSAGES } from './graphql/queries/contactMessages';
import { DEMO_REQUESTS } from './graphql/queries/demoRequests';
import { INBOX_COUNTS } from './graphql/queries/inboxCounts';
import { MARK_CONTACT_MESSAGE_HANDLED } from './graphql/mutations/markContactMessageHandled';
import { MARK_DEMO_REQUEST_HANDLED } from './graphql/mutations/markDemoRequestHandled';

export type HandledFilter = 'unhandled' | 'handled' | 'all';

export interface InboxPage {
  filter: HandledFilter;
  page: number;
  pageSize: number;
}

const variablesOf = ({ filter, page, pageSize }: InboxPage) => ({
  handled: filter === 'all' ? null : filter === 'handled',
  offset: (page - 1) * pageSize,
  limit: pageSize,
});

export const useContactMessages = (page: InboxPage) => useQuery(CONTACT_MESSAGES, { variables: variablesOf(page) });
export const useDemoRequests = (page: InboxPage) => useQuery(DEMO_REQUESTS, { variables: variablesOf(page) });
export const useInboxCounts = () => useQuery(INBOX_COUNTS);

/** Both marks refetch the lists and the counts, so a filtered list drops the row it no longer matches. */
export const useMarkHandled = () => {
  const refetchQueries = ['ContactMessages', 'DemoRequests', 'InboxCounts'];
  const [markContact, contact] = useMutation(MARK_CONTACT_MESSAGE_HANDLED, { refetchQueries, awaitRefetchQueries: true });
  const [markDemo, demo] = useMutation(MARK_DEMO_REQUEST_HANDLED, { refetchQueries, awaitRefetchQueries: true });
  return {
    markContact: (id: string, handled: boolean) => markContact({ variables: { id, handled } }),
    markDemo: (id: string, handled: boolean) => markDemo({ variables: { id, handled } }),
    busy: contact.loading || demo.loading,
  };
};
