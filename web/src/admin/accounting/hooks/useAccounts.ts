import { skipToken, useQuery } from '@apollo/client/react';
import { ACCOUNTS } from '../graphql/queries/accounts';

/** `skip` leaves the chart unloaded until needed (e.g. a closed history drawer). */
export const useAccounts = (includeInactive = false, options: { skip?: boolean } = {}) => {
  const { data, loading, error, refetch } = useQuery(ACCOUNTS, options.skip ? skipToken : { variables: { includeInactive } });
  return { accounts: data?.accounts ?? [], loading, error, refetch };
};
