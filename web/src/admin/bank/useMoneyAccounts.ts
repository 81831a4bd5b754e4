import { useMutation, useQuery } from '@apollo/client/react';
import type { BankMoneyAccountsQuery } from '../../gql/graphql';
import { CREATE_MONEY_ACCOUNT, DELETE_MONEY_ACCOUNT, MONEY_ACCOUNTS, UPDATE_MONEY_ACCOUNT } from './graphql/moneyAccounts';

export type MoneyAccountView = BankMoneyAccountsQuery['moneyAccounts'][number];
export type MoneyAccountKind = MoneyAccountView['kind'];

/** What the dialog edits; the kind is chosen once, when the account is made. */
export interface MoneyAccountValues {
  name: string;
  kind: MoneyAccountKind;
  iban?: string;
  bic?: string;
  isDefault?: boolean;
}

const refetchQueries = ['BankMoneyAccounts'];

export const useMoneyAccounts = () => {
  const { data, loading, error } = useQuery(MONEY_ACCOUNTS);
  return { accounts: data?.moneyAccounts ?? [], loading: loading && !data, error };
};

export const useSaveMoneyAccount = () => {
  const [create, created] = useMutation(CREATE_MONEY_ACCOUNT, { refetchQueries, awaitRefetchQueries: true });
  const [update, updated] = useMutation(UPDATE_MONEY_ACCOUNT, { refetchQueries, awaitRefetchQueries: true });
  const save = async (account: MoneyAccountView | null, v: MoneyAccountValues) => {
    const kind = account?.kind ?? v.kind;
    const bank = kind === 'bank';
    const input = {
      name: v.name.trim(),
      kind,
      // Cash has neither: the server refuses them there.
      iban: bank ? v.iban?.trim() || null : null,
      bic: bank ? v.bic?.trim() || null : null,
      // The default stays the default until another account takes over.
      isDefault: bank && (account?.isDefault || !!v.isDefault),
    };
    if (account) await update({ variables: { id: account.id, input: { ...input, version: account.version } } });
    else await create({ variables: { input } });
  };
  return { save, saving: created.loading || updated.loading };
};

export const useDeleteMoneyAccount = () => {
  const [remove] = useMutation(DELETE_MONEY_ACCOUNT, { refetchQueries, awaitRefetchQueries: true });
  return async (id: string) => {
    await remove({ variables: { id } });
  };
};
