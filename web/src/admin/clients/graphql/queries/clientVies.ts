import { graphql } from '../../../../gql';

/** Whether VIES checks are on, and the client's checks, newest first. */
export const CLIENT_VIES = graphql(`
  query ClientVies($id: ID!) {
    viesEnabled
    client(id: $id) {
      id
      viesChecks {
        ...ViesCheckFields
      }
    }
  }
`);
