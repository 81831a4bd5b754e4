import { graphql } from '../../../../gql';

export const INCOME_STATEMENT = graphql(`
  query IncomeStatement($from: String, $to: String, $compare: ReportComparison) {
    incomeStatement(from: $from, to: $to, compare: $compare) {
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
      comparison {
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
  }
`);
