import { graphql } from '../../../gql';

export const MONEY_ACCOUNT_DEFAULTS = graphql(`
  query BankMoneyAccountDefaults {
    moneyAccountDefaults {
      bank
      manual
      cash
      other
      payout
    }
  }
`);

export const UPDATE_MONEY_ACCOUNT_DEFAULTS = graphql(`
  mutation UpdateMoneyAccountDefaults($input: MoneyAccountDefaultsInput!) {
    updateMoneyAccountDefaults(input: $input) {
      bank
      manual
      cash
      other
      payout
    }
  }
`);
