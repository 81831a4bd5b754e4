import { graphql } from '../../../../gql';

export const INCOME_STATEMENT = graphql(`
  query IncomeStatement($from: String, $to: String, $compare: ReportComparison) {
    incomeStatement(from: $from, to: $to, compare: $compare) {
      ...IncomeStatementFields
      comparison {
        ...IncomeStatementFields
      }
    }
  }
`);
