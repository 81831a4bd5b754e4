import { graphql } from '../../../../gql';

export const INCOME_STATEMENT = graphql(`
  query IncomeStatement($from: String, $to: String) {
    incomeStatement(from: $from, to: $to) {
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
  }
`);
