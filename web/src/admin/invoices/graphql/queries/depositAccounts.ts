import { graphql } from '../../../../gql';

/** The money accounts a payment recorded by hand may go into ("Deposited to"), the default bank account first, and each method's default. */
export const DEPOSIT_ACCOUNTS = graphql(`
  query DepositAccounts {
    moneyAccounts {
      id
      name
      kind
      isDefault
    }
    moneyAccountDefaults {
      bank
      cash
      other
    }
  }
`);
