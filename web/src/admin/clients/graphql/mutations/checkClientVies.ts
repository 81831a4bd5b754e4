import { graphql } from '../../../../gql';

/** Asks VIES about the client's VAT number now; the answer is kept as a check. */
export const CHECK_CLIENT_VIES = graphql(`
  mutation CheckClientVies($id: ID!) {
    checkClientVies(id: $id) {
      ...ViesCheckFields
    }
  }
`);
