import { graphql } from '../../../../gql';

/** A refused document goes to myDATA again (after its fix); answers its state, now waiting. */
export const SEND_TO_MY_DATA_AGAIN = graphql(`
  mutation SendToMyDataAgain($documentId: ID!) {
    sendToMyDataAgain(documentId: $documentId) {
      ...MyDataTransmissionFields
    }
  }
`);
