import { useMutation, useQuery } from '@apollo/client/react';
import { CREATE_SUBSCRIPTION } from './graphql/mutations/createSubscription';
import { CREATE_SUBSCRIPTION_INVOICE } from './graphql/mutations/createSubscriptionInvoice';
import { DELETE_SUBSCRIPTION } from './graphql/mutations/deleteSubscription';
import { UPDATE_SUBSCRIPTION } from './graphql/mutations/updateSubscription';
import { SUBSCRIPTIONS } from './graphql/queries/subscriptions';
import type { SubscriptionValues, SubscriptionView } from './subscriptionTypes';

// A new invoice or a changed subscription also changes the client page and the invoice list.
const refetchQueries = ['AdminSubscriptions', 'ClientDetail', 'AdminInvoices', 'AdminOverview'];

export const useSubscriptions = ({ page, pageSize }: { page: number; pageSize: number }) => {
  const { data, loading, error, refetch } = useQuery(SUBSCRIPTIONS, { variables: { page: { offset: (page - 1) * pageSize, limit: pageSize } } });
  return { subscriptions: data?.subscriptions.items ?? [], total: data?.subscriptions.total ?? 0, loading: loading && !data, error, refetch };
};

export const useSaveSubscription = () => {
  const [create, created] = useMutation(CREATE_SUBSCRIPTION, { refetchQueries, awaitRefetchQueries: true });
  const [update, updated] = useMutation(UPDATE_SUBSCRIPTION, { refetchQueries, awaitRefetchQueries: true });
  const save = async (subscription: SubscriptionView | null, v: SubscriptionValues) => {
    const input = { clientId: v.clientId, productId: v.productId, startDate: v.startDate, status: v.status, autoGenerateInvoices: v.autoGenerateInvoices };
    if (subscription) await update({ variables: { id: subscription.id, input: { ...input, version: subscription.version } } });
    else await create({ variables: { input } });
  };
  return { save, saving: created.loading || updated.loading };
};

export const useSubscriptionCommands = () => {
  const [remove] = useMutation(DELETE_SUBSCRIPTION, { refetchQueries, awaitRefetchQueries: true });
  const [invoice] = useMutation(CREATE_SUBSCRIPTION_INVOICE, { refetchQueries, awaitRefetchQueries: true });
  return {
    remove: async (id: string) => {
      await remove({ variables: { id } });
    },
    createInvoice: async (id: string) => {
      await invoice({ variables: { id } });
    },
  };
};
