import { graphql } from '../../../../gql';

/** One income statement as the screens show it: a period, a comparison or a column. */
export const INCOME_STATEMENT_FIELDS = graphql(`
  fragment IncomeStatementFields on IncomeStatement {
    from
    to
    revenues {
      accountId
      account
      balance
    }
    expenses {
      accountId
      account
      balance
    }
    totalRevenue
    totalExpenses
    netIncome
  }
`);
