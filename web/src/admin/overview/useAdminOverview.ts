import { useQuery } from '@apollo/client/react';
import { ADMIN_OVERVIEW } from './graphql/queries/adminOverview';

export const useAdminOverview = () => {
  const { data, loading, error, refetch } = useQuery(ADMIN_OVERVIEW, { variables: { recentPayments: 8 }, fetchPolicy: 'cache-and-network' });
  return { overview: data?.adminOverview, loading, error, refetch };
};
