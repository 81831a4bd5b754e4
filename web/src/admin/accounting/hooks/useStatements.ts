import { useQuery } from '@apollo/client/react';
import { BALANCE_SHEET } from '../graphql/queries/balanceSheet';
import { CASH_FLOW } from '../graphql/queries/cashFlow';
import { INCOME_STATEMENT } from '../graphql/queries/incomeStatement';
import { TRIAL_BALANCE } from '../graphql/queries/trialBalance';

export const useIncomeStatement = (from: string, to: string) => {
  const { data, loading, error } = useQuery(INCOME_STATEMENT, { variables: { from, to } });
  return { report: data?.incomeStatement, loading, error };
};

export const useBalanceSheet = (asOf: string) => {
  const { data, loading, error } = useQuery(BALANCE_SHEET, { variables: { asOf } });
  return { report: data?.balanceSheet, loading, error };
};

export const useCashFlow = (from: string, to: string) => {
  const { data, loading, error } = useQuery(CASH_FLOW, { variables: { from, to } });
  return { report: data?.cashFlow, loading, error };
};

export const useTrialBalance = (asOf: string) => {
  const { data, loading, error } = useQuery(TRIAL_BALANCE, { variables: { asOf } });
  return { report: data?.trialBalance, loading, error };
};
