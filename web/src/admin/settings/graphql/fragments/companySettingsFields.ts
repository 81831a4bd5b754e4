import { graphql } from '../../../../gql';

/** What the settings page shows and edits of the company (read, and answered by a save). */
export const COMPANY_SETTINGS_FIELDS = graphql(`
  fragment CompanySettingsFields on CompanySettings {
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
`);
