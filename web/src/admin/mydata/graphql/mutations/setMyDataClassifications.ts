import { graphql } from '../../../../gql';

export const SET_MY_DATA_CLASSIFICATIONS = graphql(`
  mutation SetMyDataClassifications($input: MyDataSettingsInput!) {
    setMyDataClassifications(input: $input) {
      ...MyDataSettingsFields
    }
  }
`);
