import { graphql } from '../../../../gql';

export const SET_FISCAL_YEAR_START_MONTH = graphql(`
  mutation SetFiscalYearStartMonth($month: Int!) {
    setFiscalYearStartMonth(month: $month) {
      fiscalYearStartMonth
    }
  }
`);
