import { graphql } from '../../../../gql';

export const COMPANY_SETTINGS = graphql(`
  query CompanySettings {
    companySettings {
      ...CompanySettingsFields
    }
  }
`);
