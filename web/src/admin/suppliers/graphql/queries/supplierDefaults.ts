import { graphql } from '../../../../gql';

/** What a new supplier starts with: the company's own country. */
export const SUPPLIER_DEFAULTS = graphql(`
  query SupplierDefaults {
    companySettings {
      country
    }
  }
`);
