import { graphql } from '../../../../gql';

/** Client names for the selects of the subscription and invoice forms and filters. */
export const CLIENT_OPTIONS = graphql(`
  query ClientOptions($search: String) {
    clients(page: { offset: 0, limit: 50 }, search: $search) {
      items {
        id
        name
      }
    }
  }
`);
