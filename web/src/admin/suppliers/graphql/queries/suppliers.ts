import { graphql } from '../../../../gql';

export const SUPPLIERS = graphql(`
  query AdminSuppliers {
    suppliers {
      id
      name
      vatNumber
      country
      address
      iban
      defaultAccountId
      defaultVatRate
      paymentTermsDays
      version
    }
  }
`);
