import { graphql } from '../../../../gql';

export const UPDATE_COMPANY_SETTINGS = graphql(`
  mutation UpdateCompanySettings($input: CompanySettingsInput!) {
    updateCompanySettings(input: $input) {
      ...CompanySettingsFields
    }
  }
`);
