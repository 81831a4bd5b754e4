import { graphql } from '../../../../gql';

export const PRODUCTS = graphql(`
  query AdminProducts {
    products {
      id
      name
      price
      billingCycle
      vatRate
      version
    }
  }
`);
