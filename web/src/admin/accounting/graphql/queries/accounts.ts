import { graphql } from '../../../../gql';

export const ACCOUNTS = graphql(`
  query Accounts($includeInactive: Boolean!) {
    accounts(includeInactive: $includeInactive) {
      id
      code
      accountName
      type
      cashFlowClass
      isActive
      isSystem
    }
  }
`);
