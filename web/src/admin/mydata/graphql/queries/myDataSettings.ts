import { graphql } from '../../../../gql';

export const MY_DATA_SETTINGS = graphql(`
  query MyDataSettings {
    myDataSettings {
      ...MyDataSettingsFields
    }
  }
`);
