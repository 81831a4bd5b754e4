import { useMutation, useQuery } from '@apollo/client/react';
import { CONTACT_MESSAGES } from './graphql/queries/contactMessages';
import { DEMO_REQUESTS } from './graphql/queries/demoRequests';
import { INBOX_COUNTS } from './graphql/queries/inboxCounts';
import { PAYMENT_ALERTS } from './graphql/queries/paymentAlerts';
import { MARK_CONTACT_MESSAGE_HANDLED } from './graphql/mutations/markContactMessageHandled';
import { MARK_DEMO_REQUEST_HANDLED } from './graphql/mutations/markDemoRequestHandled';
import { MARK_PAYMENT_ALERT_HANDLED } from './graphql/mutations/markPaymentAlertHandled';

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
export const usePaymentAlerts = (page: InboxPage) => useQuery(PAYMENT_ALERTS, { variables: variablesOf(page) });
export const useInboxCounts = () => useQuery(INBOX_COUNTS);

/** Every mark refetches the lists and the counts, so a filtered list drops the row it no longer matches. */
export const useMarkHandled = () => {
  const refetchQueries = ['ContactMessages', 'DemoRequests', 'PaymentAlerts', 'InboxCounts'];
  const [markContact, contact] = useMutation(MARK_CONTACT_MESSAGE_HANDLED, { refetchQueries, awaitRefetchQueries: true });
  const [markDemo, demo] = useMutation(MARK_DEMO_REQUEST_HANDLED, { refetchQueries, awaitRefetchQueries: true });
  const [markAlert, alert] = useMutation(MARK_PAYMENT_ALERT_HANDLED, { refetchQueries, awaitRefetchQueries: true });
  return {
    markContact: (id: string, handled: boolean) => markContact({ variables: { id, handled } }),
    markDemo: (id: string, handled: boolean) => markDemo({ variables: { id, handled } }),
    markAlert: (id: string, handled: boolean) => markAlert({ variables: { id, handled } }),
    busy: contact.loading || demo.loading || alert.loading,
  };
};
