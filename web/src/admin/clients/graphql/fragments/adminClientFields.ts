import { graphql } from '../../../../gql';

/** What the admin screens show of a client (the list, a client's page). */
export const ADMIN_CLIENT_FIELDS = graphql(`
  fragment AdminClientFields on Client {
    id
    name
    email
    phone
    address
    vatNumber
    country
    language
    currency
    remindersExcluded
    createdAt
    version
    user {
      id
      username
    }
  }
`);
