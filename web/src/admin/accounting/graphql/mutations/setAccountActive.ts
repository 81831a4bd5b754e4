import { graphql } from '../../../../gql';

export const SET_ACCOUNT_ACTIVE = graphql(`
  mutation SetAccountActive($id: ID!, $active: Boolean!) {
    setAccountActive(id: $id, active: $active) {
      id
      isActive
    }
  }
`);
