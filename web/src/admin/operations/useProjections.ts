import { useMutation, useQuery } from '@apollo/client/react';
import { REBUILD_PROJECTION } from './graphql/mutations/rebuildProjection';
import { PROJECTION_STATUS } from './graphql/queries/projectionStatus';

/** Status refreshes every few seconds: lag and errors change while the page is open. */
export const useProjectionStatus = () => {
  const { data, loading, error, refetch } = useQuery(PROJECTION_STATUS, { pollInterval: 5000, notifyOnNetworkStatusChange: false });
  return { projections: data?.projectionStatus ?? [], loading, error, refetch };
};

export const useRebuildProjection = () => {
  const [mutate, { loading }] = useMutation(REBUILD_PROJECTION, { refetchQueries: ['ProjectionStatus'], awaitRefetchQueries: true });
  return { rebuilding: loading, rebuild: async (name: string) => (await mutate({ variables: { name } })).data?.rebuildProjection };
};
