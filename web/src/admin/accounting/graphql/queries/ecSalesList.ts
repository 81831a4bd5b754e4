import { graphql } from '../../../../gql';

export const EC_SALES_LIST = graphql(`
  query EcSalesList($from: String, $to: String) {
    ecSalesList(from: $from, to: $to) {
      from
      to
      total
      rows {
        country
        vatNumber
        services
      }
    }
  }
`);
