import { graphql } from '../../../../gql';

export const UPDATE_SUPPLIER = graphql(`
  mutation UpdateSupplier($id: ID!, $input: SupplierInput!) {
    updateSupplier(id: $id, input: $input) {
      id
      version
    }
  }
`);
