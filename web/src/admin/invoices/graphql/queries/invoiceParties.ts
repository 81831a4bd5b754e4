import { graphql } from '../../../../gql';

/** What decides reverse charge while an invoice is written: the buyer's country and VAT number, the seller's country. */
export const INVOICE_PARTIES = graphql(`
  query InvoiceParties($clientId: ID!) {
    client(id: $clientId) {
      id
      country
      vatNumber
    }
    companySettings {
      country
    }
  }
`);
