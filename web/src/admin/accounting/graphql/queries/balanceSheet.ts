import { graphql } from '../../../../gql';

export const BALANCE_SHEET = graphql(`
  query BalanceSheet($asOf: String) {
    balanceSheet(asOf: $asOf) {
      asOf
      assets {
        accountId
        account
        balance
      }
      liabilities {
        accountId
        account
        balance
      }
      equity {
        accountId
        account
        balance
      }
      totalAssets
      totalLiabilities
      totalEquity
      totalLiabilitiesAndEquity
    }
  }
`);
