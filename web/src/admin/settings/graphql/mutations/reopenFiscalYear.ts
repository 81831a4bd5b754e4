import { graphql } from '../../../../gql';

export const REOPEN_FISCAL_YEAR = graphql(`
  mutation ReopenFiscalYear($fiscalYear: Int!, $reason: String!) {
    reopenFiscalYear(fiscalYear: $fiscalYear, reason: $reason) {
      lockedThrough
    }
  }
`);
