import { useMutation, useQuery } from '@apollo/client/react';
import { CHECK_CLIENT_VIES } from './graphql/mutations/checkClientVies';
import { CLIENT_VIES } from './graphql/queries/clientVies';

/** Whether VIES checks are on, and the client's checks (newest first). */
export const useClientVies = (clientId: string) => {
  const { data, loading, error, refetch } = useQuery(CLIENT_VIES, { variables: { id: clientId } });
  return { enabled: data?.viesEnabled ?? false, checks: data?.client.viesChecks ?? [], loading: loading && !data, error, refetch };
};

/** Asks VIES now; the client's checks are read anew with the answer among them. */
export const useCheckClientVies = () => {
  const [check, { loading }] = useMutation(CHECK_CLIENT_VIES, { refetchQueries: ['ClientVies'], awaitRefetchQueries: true });
  return {
    check: async (clientId: string) => {
      const { data } = await check({ variables: { id: clientId } });
      return data?.checkClientVies;
    },
    checking: loading,
  };
};
