import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { ApiTokenInput, WebhookEndpointInput } from '../../gql/graphql';
import { CREATE_API_TOKEN } from './graphql/mutations/createApiToken';
import { CREATE_WEBHOOK_ENDPOINT } from './graphql/mutations/createWebhookEndpoint';
import { DELETE_WEBHOOK_ENDPOINT } from './graphql/mutations/deleteWebhookEndpoint';
import { REPLAY_WEBHOOK_DELIVERY } from './graphql/mutations/replayWebhookDelivery';
import { REVOKE_API_TOKEN } from './graphql/mutations/revokeApiToken';
import { UPDATE_WEBHOOK_ENDPOINT } from './graphql/mutations/updateWebhookEndpoint';
import { API_TOKENS } from './graphql/queries/apiTokens';
import { WEBHOOK_DELIVERIES } from './graphql/queries/webhookDeliveries';
import { WEBHOOK_ENDPOINTS } from './graphql/queries/webhookEndpoints';
import { DELIVERIES_PAGE, olderCursor, withOlder } from './webhooks';

export const useApiTokens = () => {
  const { data, loading, error, refetch } = useQuery(API_TOKENS);
  return { tokens: data?.apiTokens ?? [], loaded: !!data, loading: loading && !data, error, refetch };
};

/** Makes and revokes tokens; the list is read again after each (its order: live first). */
export const useApiTokenCommands = () => {
  const [create, created] = useMutation(CREATE_API_TOKEN, { refetchQueries: ['ApiTokens'], awaitRefetchQueries: true });
  const [revoke] = useMutation(REVOKE_API_TOKEN, { refetchQueries: ['ApiTokens'], awaitRefetchQueries: true });
  return {
    /** The new token and its secret, shown once. */
    create: async (input: ApiTokenInput) => (await create({ variables: { input } })).data!.createApiToken,
    creating: created.loading,
    revoke: async (id: string) => (await revoke({ variables: { id } })).data!.revokeApiToken,
  };
};

export const useWebhookEndpoints = (options: { skip?: boolean } = {}) => {
  const { data, loading, error, refetch } = useQuery(WEBHOOK_ENDPOINTS, { skip: options.skip });
  return { endpoints: data?.webhookEndpoints ?? [], loaded: !!data, loading: loading && !data, error, refetch };
};

export const useWebhookCommands = () => {
  const refetch = { refetchQueries: ['WebhookEndpoints'], awaitRefetchQueries: true };
  const [create, created] = useMutation(CREATE_WEBHOOK_ENDPOINT, refetch);
  const [update, updated] = useMutation(UPDATE_WEBHOOK_ENDPOINT, refetch);
  const [remove] = useMutation(DELETE_WEBHOOK_ENDPOINT, refetch);
  return {
    /** The new endpoint and its signing secret, shown once. */
    create: async (input: WebhookEndpointInput) => (await create({ variables: { input } })).data!.createWebhookEndpoint,
    update: async (id: string, input: WebhookEndpointInput) => (await update({ variables: { id, input } })).data!.updateWebhookEndpoint,
    remove: async (id: string) => {
      await remove({ variables: { id } });
    },
    saving: created.loading || updated.loading,
  };
};

/**
 * An endpoint's deliveries, newest first, a page at a time: `loadOlder` asks for the page before
 * the oldest shown (its sequence), appended to the same list; `hasOlder` while a page came full.
 * A replay's answer (the delivery, pending again) replaces it in the list by its id.
 */
export const useWebhookDeliveries = (endpointId: string | undefined) => {
  const { data, loading, error, refetch, fetchMore } = useQuery(WEBHOOK_DELIVERIES, {
    variables: { endpointId: endpointId ?? '', limit: DELIVERIES_PAGE },
    skip: !endpointId,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  const [replay] = useMutation(REPLAY_WEBHOOK_DELIVERY);
  // Kept per endpoint: another endpoint's drawer starts with its own first page.
  const [olderOf, setOlderOf] = useState<{ endpointId?: string; loading: boolean; exhausted: boolean; error?: unknown }>({ loading: false, exhausted: false });
  const older = olderOf.endpointId === endpointId ? olderOf : { loading: false, exhausted: false, error: undefined };
  const setOlder = (state: { loading: boolean; exhausted: boolean; error?: unknown }) => setOlderOf({ ...state, endpointId });
  const deliveries = data?.webhookDeliveries ?? [];
  const loadOlder = async () => {
    const before = olderCursor(deliveries);
    if (before === undefined) return;
    setOlder({ loading: true, exhausted: false });
    try {
      const page = await fetchMore({
        variables: { before },
        updateQuery: (shown, { fetchMoreResult }) => ({ webhookDeliveries: withOlder(shown.webhookDeliveries, fetchMoreResult.webhookDeliveries) }),
      });
      setOlder({ loading: false, exhausted: (page.data?.webhookDeliveries.length ?? 0) < DELIVERIES_PAGE });
    } catch (err) {
      setOlder({ loading: false, exhausted: false, error: err });
    }
  };
  return {
    deliveries,
    loading: loading && !data,
    error,
    refresh: async () => {
      setOlder({ loading: false, exhausted: false });
      await refetch();
    },
    hasOlder: !older.exhausted && deliveries.length >= DELIVERIES_PAGE,
    loadOlder,
    loadingOlder: older.loading,
    olderError: older.error,
    replay: async (deliveryId: string) => (await replay({ variables: { endpointId: endpointId!, deliveryId } })).data!.replayWebhookDelivery,
  };
};
