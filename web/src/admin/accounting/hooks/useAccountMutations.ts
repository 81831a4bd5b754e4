import { useMutation } from '@apollo/client/react';
import { CREATE_ACCOUNT } from '../graphql/mutations/createAccount';
import { DELETE_ACCOUNT } from '../graphql/mutations/deleteAccount';
import { RENAME_ACCOUNT } from '../graphql/mutations/renameAccount';
import { SET_ACCOUNT_ACTIVE } from '../graphql/mutations/setAccountActive';

const options = { refetchQueries: ['Accounts'], awaitRefetchQueries: true };

export interface NewAccountValues {
  accountName: string;
  type: string;
  cashFlowClass: string;
  code?: string | null;
}

/** Chart of accounts changes; each rejects with the server's error (e.g. an account with postings). */
export const useAccountMutations = () => {
  const [create, created] = useMutation(CREATE_ACCOUNT, options);
  const [rename, renamed] = useMutation(RENAME_ACCOUNT, options);
  const [setActive, activated] = useMutation(SET_ACCOUNT_ACTIVE, options);
  const [remove, removed] = useMutation(DELETE_ACCOUNT, options);
  return {
    busy: created.loading || renamed.loading || activated.loading || removed.loading,
    createAccount: (input: NewAccountValues) => create({ variables: { input: { ...input, code: input.code || null } } }),
    renameAccount: (id: string, accountName: string) => rename({ variables: { id, accountName } }),
    setAccountActive: (id: string, active: boolean) => setActive({ variables: { id, active } }),
    deleteAccount: (id: string) => remove({ variables: { id } }),
  };
};
