import { graphql } from '../../../../gql';

/** The company's country: a client without one is taken to be in it. */
export const COMPANY_COUNTRY = graphql(`
  query CompanyCountry {
    companySettings {
      country
    }
  }
`);
