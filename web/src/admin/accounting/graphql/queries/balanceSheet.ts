import { graphql } from '../../../../gql';

export const BALANCE_SHEET = graphql(`
  query BalanceSheet($asOf: String, $compare: ReportComparison) {
    balanceSheet(asOf: $asOf, compare: $compare) {
      ...BalanceSheetFields
      comparison {
        ...BalanceSheetFields
      }
    }
  }
`);
