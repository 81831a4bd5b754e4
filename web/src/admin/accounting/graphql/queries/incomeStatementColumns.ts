import { graphql } from '../../../../gql';

export const INCOME_STATEMENT_COLUMNS = graphql(`
  query IncomeStatementColumns($fiscalYear: Int, $quarterly: Boolean!) {
    incomeStatementColumns(fiscalYear: $fiscalYear, quarterly: $quarterly) {
      from
      to
      columns {
        ...IncomeStatementFields
      }
    }
  }
`);
