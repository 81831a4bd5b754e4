import { useMutation, useQuery } from '@apollo/client/react';
import { CLOSE_FISCAL_YEAR } from './graphql/mutations/closeFiscalYear';
import { REOPEN_FISCAL_YEAR } from './graphql/mutations/reopenFiscalYear';
import { SET_BOOKS_LOCK } from './graphql/mutations/setBooksLock';
import { SET_FISCAL_YEAR_START_MONTH } from './graphql/mutations/setFiscalYearStartMonth';
import { ACCOUNTING_SETTINGS } from './graphql/queries/accountingSettings';

const refetch = { refetchQueries: ['AccountingSettings'], awaitRefetchQueries: true };

export const useAccountingSettings = () => {
  const { data, loading, error, refetch } = useQuery(ACCOUNTING_SETTINGS);
  return { settings: data?.accountingSettings, loading, error, refetch };
};

/** The lock date, the fiscal year's first month, and closing or reopening a fiscal year (by the year it starts in). */
export const useBooksCommands = () => {
  const [lock, lockState] = useMutation(SET_BOOKS_LOCK, refetch);
  const [month, monthState] = useMutation(SET_FISCAL_YEAR_START_MONTH, refetch);
  const [close, closeState] = useMutation(CLOSE_FISCAL_YEAR, refetch);
  const [reopen, reopenState] = useMutation(REOPEN_FISCAL_YEAR, refetch);
  return {
    setLock: (lockedThrough: string | null) => lock({ variables: { lockedThrough } }),
    setStartMonth: (m: number) => month({ variables: { month: m } }),
    close: (fiscalYear: number) => close({ variables: { fiscalYear } }),
    reopen: (fiscalYear: number, reason: string) => reopen({ variables: { fiscalYear, reason } }),
    busy: lockState.loading || monthState.loading || closeState.loading || reopenState.loading,
  };
};
