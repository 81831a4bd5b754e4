import { graphql } from '../../../../gql';

/** The rate new products and invoice lines start with. */
export const STANDARD_VAT_RATE = graphql(`
  query StandardVatRate {
    companySettings {
      standardVatRate
    }
  }
`);
