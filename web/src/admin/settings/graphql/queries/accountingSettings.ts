import { graphql } from '../../../../gql';

export const ACCOUNTING_SETTINGS = graphql(`
  query AccountingSettings {
    accountingSettings {
      lockedThrough
      unreconciledLinesThroughLock
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
