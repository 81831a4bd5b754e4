import { graphql } from '../../../../gql';

export const RENAME_ACCOUNT = graphql(`
  mutation RenameAccount($id: ID!, $accountName: String!) {
    renameAccount(id: $id, accountName: $accountName) {
      id
      accountName
    }
  }
`);
