import { graphql } from '../../../../gql';

/** What the invoice and credit note screens show of a document's myDATA transmission. */
export const MY_DATA_TRANSMISSION_FIELDS = graphql(`
  fragment MyDataTransmissionFields on MyDataTransmission {
    documentId
    kind
    status
    configured
    mark
    uid
    qrUrl
    authenticationCode
    invoiceType
    number
    transmittedAt
    attempts
    errors {
      code
      message
    }
    history {
      at
      action
      outcome
      detail
      actor
    }
  }
`);
