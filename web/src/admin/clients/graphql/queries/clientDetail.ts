import { graphql } from '../../../../gql';

export const CLIENT_DETAIL = graphql(`
  query ClientDetail($id: ID!) {
    client(id: $id) {
      id
      name
      email
      phone
      address
      vatNumber
      country
      language
      remindersExcluded
      creditBalance
      createdAt
      version
      user {
        id
        username
      }
      subscriptions {
        id
        client {
          id
          name
        }
        product {
          id
          name
          billingCycle
          price
        }
        startDate
        status
        autoGenerateInvoices
        invoicedUntil
        nextBillingDate
        invoiceStatus
        version
      }
      invoices {
        ...AdminInvoiceFields
      }
    }
  }
`);
