import { graphql } from '../../../../gql';

export const TRIAL_BALANCE = graphql(`
  query TrialBalance($asOf: String) {
    trialBalance(asOf: $asOf) {
      asOf
      rows {
        accountId
        code
        account
        type
        debit
        credit
      }
      totalDebit
      totalCredit
    }
  }
`);
