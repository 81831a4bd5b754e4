import { useQuery } from '@apollo/client/react';
import { BALANCE_SHEET } from '../graphql/queries/balanceSheet';
import { CASH_FLOW } from '../graphql/queries/cashFlow';
import { INCOME_STATEMENT } from '../graphql/queries/incomeStatement';
import { INCOME_STATEMENT_COLUMNS } from '../graphql/queries/incomeStatementColumns';
import type { ReportComparison } from '../../../gql/graphql';
import type { Comparison } from '../statements/period';

const wire = (c: Comparison | null): ReportComparison | null => (c === 'previous_period' ? 'PREVIOUS_PERIOD' : c === 'previous_year' ? 'PREVIOUS_YEAR' : null);
import { TRIAL_BALANCE } from '../graphql/queries/trialBalance';

export const useIncomeStatement = (from: string, to: string, compare: Comparison | null = null) => {
  const { data, loading, error, refetch } = useQuery(INCOME_STATEMENT, { variables: { from, to, compare: wire(compare) } });
  return { report: data?.incomeStatement, loading, error, refetch };
};

export const useBalanceSheet = (asOf: string, compare: Comparison | null = null) => {
  const { data, loading, error, refetch } = useQuery(BALANCE_SHEET, { variables: { asOf, compare: wire(compare) } });
  return { report: data?.balanceSheet, loading, error, refetch };
};

export const useCashFlow = (from: string, to: string) => {
  const { data, loading, error, refetch } = useQuery(CASH_FLOW, { variables: { from, to } });
  return { report: data?.cashFlow, loading, error, refetch };
};

export const useTrialBalance = (asOf: string) => {
  const { data, loading, error, refetch } = useQuery(TRIAL_BALANCE, { variables: { asOf } });
  return { report: data?.trialBalance, loading, error, refetch };
};

/** A fiscal year in monthly or quarterly columns (skipped while the screen shows a plain period). */
export const useIncomeStatementColumns = (fiscalYear: number | undefined, quarterly: boolean, skip: boolean) => {
  const { data, loading, error, refetch } = useQuery(INCOME_STATEMENT_COLUMNS, { variables: { fiscalYear, quarterly }, skip });
  return { report: data?.incomeStatementColumns, loading, error, refetch };
};
