import { graphql } from '../../../../gql';

export const CLIENTS = graphql(`
  query AdminClients($page: PageInput, $search: String) {
    clients(page: $page, search: $search) {
      total
      items {
        ...AdminClientFields
      }
    }
  }
`);
