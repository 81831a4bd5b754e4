import { graphql } from '../../../../gql';

export const DELETE_SUPPLIER = graphql(`
  mutation DeleteSupplier($id: ID!) {
    deleteSupplier(id: $id)
  }
`);
