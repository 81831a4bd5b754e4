import { graphql } from '../../../../gql';

export const CLOSE_FISCAL_YEAR = graphql(`
  mutation CloseFiscalYear($fiscalYear: Int!) {
    closeFiscalYear(fiscalYear: $fiscalYear) {
      lockedThrough
    }
  }
`);
