import { graphql } from '../../../../gql';

/** One VIES answer about a client's VAT number: the reverse-charge evidence. */
export const VIES_CHECK_FIELDS = graphql(`
  fragment ViesCheckFields on ViesCheck {
    id
    checkedAt
    countryCode
    vatNumber
    valid
    requestDate
    requestIdentifier
    name
    address
  }
`);
