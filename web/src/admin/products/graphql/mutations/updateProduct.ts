import { graphql } from '../../../../gql';

export const UPDATE_PRODUCT = graphql(`
  mutation UpdateProduct($id: ID!, $input: ProductInput!) {
    updateProduct(id: $id, input: $input) {
      id
      version
    }
  }
`);
