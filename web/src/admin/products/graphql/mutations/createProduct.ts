import { graphql } from '../../../../gql';

export const CREATE_PRODUCT = graphql(`
  mutation CreateProduct($input: ProductInput!) {
    createProduct(input: $input) {
      id
    }
  }
`);
