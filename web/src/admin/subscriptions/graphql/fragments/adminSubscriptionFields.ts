import { graphql } from '../../../../gql';

/** What the admin screens show of a subscription (the list, a client's page). */
export const ADMIN_SUBSCRIPTION_FIELDS = graphql(`
  fragment AdminSubscriptionFields on Subscription {
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
`);
