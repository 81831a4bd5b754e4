import { graphql } from '../../../../gql';

export const CREATE_SUPPLIER = graphql(`
  mutation CreateSupplier($input: SupplierInput!) {
    createSupplier(input: $input) {
      id
    }
  }
`);
