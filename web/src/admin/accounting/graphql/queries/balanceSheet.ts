import { graphql } from '../../../../gql';

export const BALANCE_SHEET = graphql(`
  query BalanceSheet($asOf: String, $compare: ReportComparison) {
    balanceSheet(asOf: $asOf, compare: $compare) {
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
      comparison {
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
  }
`);
