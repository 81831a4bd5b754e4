import { skipToken, useQuery } from '@apollo/client/react';
import { ACCOUNT_LEDGER } from '../graphql/queries/accountLedger';

export const useAccountLedger = (accountId: string | undefined, from: string, to: string, page: { offset: number; limit: number }) => {
  const { data, previousData, loading, error, refetch } = useQuery(ACCOUNT_LEDGER, accountId ? { variables: { accountId, from, to, page } } : skipToken);
  return { ledger: (data ?? previousData)?.accountLedger, loading, error, refetch };
};
