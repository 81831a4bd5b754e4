import { graphql } from '../../../../gql';

export const CLIENTS = graphql(`
  query AdminClients($page: PageInput, $search: String) {
    clients(page: $page, search: $search) {
      total
      items {
        id
        name
        email
        phone
        address
        vatNumber
        country
        language
        remindersExcluded
        createdAt
        version
        user {
          id
          username
        }
      }
    }
  }
`);
