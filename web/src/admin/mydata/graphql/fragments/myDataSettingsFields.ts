import { graphql } from '../../../../gql';

/** Whether myDATA is on, per service invoice type the classification used and those AADE accepts, and each product's own. */
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
    products {
      productId
      name
      classifications {
        invoiceType
        classification {
          type
          category
          categoryName
        }
      }
    }
  }
`);
