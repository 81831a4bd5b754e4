import { graphql } from '../../../../gql';

/** Whether myDATA is on, and per service invoice type the classification used and those AADE accepts. */
export const MY_DATA_SETTINGS_FIELDS = graphql(`
  fragment MyDataSettingsFields on MyDataSettings {
    configured
    endpoint
    classifications {
      invoiceType
      chosen {
        type
        category
        categoryName
      }
      accepted {
        type
        category
        categoryName
      }
    }
  }
`);
