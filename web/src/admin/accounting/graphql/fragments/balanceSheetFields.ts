import { graphql } from '../../../../gql';

/** One balance sheet as the screen shows it: the day asked for, or the one it is compared with. */
export const BALANCE_SHEET_FIELDS = graphql(`
  fragment BalanceSheetFields on BalanceSheet {
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
`);
