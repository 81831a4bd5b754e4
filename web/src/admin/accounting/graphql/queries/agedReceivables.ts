import { graphql } from '../../../../gql';

export const AGED_RECEIVABLES = graphql(`
  query AgedReceivables($asOf: String) {
    agedReceivables(asOf: $asOf) {
      asOf
      total
      creditBalance
      net
      totals {
        current
        days1to30
        days31to60
        days61to90
        over90
      }
      clients {
        clientId
        clientName
        total
        creditBalance
        buckets {
          current
          days1to30
          days31to60
          days61to90
          over90
        }
      }
    }
  }
`);
