import { graphql } from '../../../../gql';

/** What decides reverse charge while an invoice is written (the buyer's country and VAT number, the seller's country), and the currency it is written in (the client's). */
export const INVOICE_PARTIES = graphql(`
  query InvoiceParties($clientId: ID!) {
    client(id: $clientId) {
      id
      country
      vatNumber
      currency
    }
    companySettings {
      country
    }
  }
`);
