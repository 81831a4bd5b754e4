import { useQuery } from '@apollo/client/react';
import { ACCOUNTS } from '../graphql/queries/accounts';

export const useAccounts = (includeInactive = false) => {
  const { data, loading, error, refetch } = useQuery(ACCOUNTS, { variables: { includeInactive } });
  return { accounts: data?.accounts ?? [], loading, error, refetch };
};
