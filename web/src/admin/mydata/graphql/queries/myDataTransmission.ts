import { graphql } from '../../../../gql';

/** An invoice's or credit note's myDATA transmission (kind null: none is due). */
export const MY_DATA_TRANSMISSION = graphql(`
  query MyDataTransmission($documentId: ID!) {
    myDataTransmission(documentId: $documentId) {
      ...MyDataTransmissionFields
    }
  }
`);
