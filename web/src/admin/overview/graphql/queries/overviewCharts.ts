import { graphql } from '../../../../gql';

export const OVERVIEW_CHARTS = graphql(`
  query OverviewCharts {
    monthlyTrends {
      month
      invoiced
      collected
      cashBalance
    }
    agedReceivables {
      totals {
        current
        days1to30
        days31to60
        days61to90
        over90
      }
    }
  }
`);
