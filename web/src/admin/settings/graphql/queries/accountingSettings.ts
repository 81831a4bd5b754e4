import { graphql } from '../../../../gql';

export const ACCOUNTING_SETTINGS = graphql(`
  query AccountingSettings {
    accountingSettings {
      lockedThrough
      fiscalYearStartMonth
      currentFiscalYear {
        from
        to
      }
      closedYears {
        from
        to
      }
    }
  }
`);
