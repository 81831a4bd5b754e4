import { graphql } from '../../../gql';

export const MONEY_ACCOUNTS = graphql(`
  query BankMoneyAccounts {
    moneyAccounts {
      id
      name
      kind
      iban
      bic
      isDefault
      ledgerAccount {
        id
        code
        name
      }
      ledgerBalance
      version
    }
  }
`);

export const CREATE_MONEY_ACCOUNT = graphql(`
  mutation CreateMoneyAccount($input: MoneyAccountInput!) {
    createMoneyAccount(input: $input) {
      id
    }
  }
`);

export const UPDATE_MONEY_ACCOUNT = graphql(`
  mutation UpdateMoneyAccount($id: ID!, $input: MoneyAccountInput!) {
    updateMoneyAccount(id: $id, input: $input) {
      id
      version
    }
  }
`);

export const DELETE_MONEY_ACCOUNT = graphql(`
  mutation DeleteMoneyAccount($id: ID!) {
    deleteMoneyAccount(id: $id)
  }
`);
