import { graphql } from '../../../../gql';

/** The documents AADE refused, newest first (the inbox's myDATA tab). */
export const MY_DATA_FAILURES = graphql(`
  query MyDataFailures {
    myDataFailures {
      documentId
      kind
      invoiceId
      number
      errors {
        code
        message
      }
    }
  }
`);
