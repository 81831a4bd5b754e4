import { graphql } from '../../../../gql';

export const COMPANY_SETTINGS = graphql(`
  query CompanySettings {
    companySettings {
      name
      address
      phone
      email
      registrationNumber
      vatNumber
      jurisdiction
      country
      iban
      bic
      standardVatRate
      reminderDays
      updatedAt
    }
  }
`);
