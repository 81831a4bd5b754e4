import { graphql } from '../../../../gql';

export const ADMIN_OVERVIEW = graphql(`
  query AdminOverview($recentPayments: Int!) {
    adminOverview(recentPayments: $recentPayments) {
      today
      receivables
      unpaidCount
      overdueCount
      overdueAmount
      revenueMonth
      revenueYear
      recentPayments {
        paymentId
        invoiceId
        invoiceNumber
        clientId
        clientName
        amount
        date
        method
      }
    }
  }
`);
