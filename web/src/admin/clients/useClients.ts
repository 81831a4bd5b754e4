import { useMutation, useQuery } from '@apollo/client/react';
import { CREATE_CLIENT } from './graphql/mutations/createClient';
import { CREATE_CLIENT_USER } from './graphql/mutations/createClientUser';
import { RESET_CLIENT_USER_PASSWORD } from './graphql/mutations/resetClientUserPassword';
import { DELETE_CLIENT } from './graphql/mutations/deleteClient';
import { UPDATE_CLIENT } from './graphql/mutations/updateClient';
import { CLIENT_DETAIL } from './graphql/queries/clientDetail';
import { CLIENT_OPTIONS } from './graphql/queries/clientOptions';
import { CLIENTS } from './graphql/queries/clients';
import type { ClientValues, ClientView } from './clientTypes';

const refetchQueries = ['AdminClients', 'ClientDetail', 'ClientOptions'];

export const useClients = ({ search, page, pageSize }: { search: string; page: number; pageSize: number }) => {
  const { data, loading, error, refetch } = useQuery(CLIENTS, { variables: { search: search || null, page: { offset: (page - 1) * pageSize, limit: pageSize } } });
  return { clients: data?.clients.items ?? [], total: data?.clients.total ?? 0, loading: loading && !data, error, refetch };
};

export const useClientOptions = (search?: string) => {
  const { data, loading } = useQuery(CLIENT_OPTIONS, { variables: { search: search || null } });
  return { options: (data?.clients.items ?? []).map((c) => ({ value: c.id, label: c.name })), loading };
};

export const useClientDetail = (id: string) => {
  const { data, loading, error, refetch } = useQuery(CLIENT_DETAIL, { variables: { id } });
  return { client: data?.client, loading, error, refetch };
};

export const useSaveClient = () => {
  const [create, created] = useMutation(CREATE_CLIENT, { refetchQueries, awaitRefetchQueries: true });
  const [update, updated] = useMutation(UPDATE_CLIENT, { refetchQueries, awaitRefetchQueries: true });
  const save = async (client: ClientView | null, v: ClientValues) => {
    const input = {
      name: v.name,
      email: v.email,
      phone: v.phone ?? '',
      address: v.address ?? '',
      vatNumber: v.vatNumber ?? '',
      country: v.country || null,
      language: v.language ?? null,
      remindersExcluded: v.remindersExcluded ?? false,
      currency: v.currency ?? null,
    };
    if (client) await update({ variables: { id: client.id, input: { ...input, version: client.version } } });
    else await create({ variables: { input } });
  };
  return { save, saving: created.loading || updated.loading };
};

export const useDeleteClient = () => {
  const [remove] = useMutation(DELETE_CLIENT, { refetchQueries, awaitRefetchQueries: true });
  return async (id: string) => {
    await remove({ variables: { id } });
  };
};

export const useCreateClientUser = () => {
  const [create, { loading }] = useMutation(CREATE_CLIENT_USER, { refetchQueries, awaitRefetchQueries: true });
  const createUser = async (id: string) => {
    const { data } = await create({ variables: { id } });
    if (!data) throw new Error('No answer');
    return data.createClientUser;
  };
  return { createUser, creating: loading };
};

export const useResetClientUserPassword = () => {
  const [reset, { loading }] = useMutation(RESET_CLIENT_USER_PASSWORD);
  const resetPassword = async (id: string) => {
    const { data } = await reset({ variables: { id } });
    if (!data) throw new Error('No answer');
    return data.resetClientUserPassword;
  };
  return { resetPassword, resetting: loading };
};
