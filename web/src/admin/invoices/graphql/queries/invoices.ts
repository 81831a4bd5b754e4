import { graphql } from '../../../../gql';

export const INVOICES = graphql(`
  query AdminInvoices($page: PageInput, $clientId: ID, $status: InvoicePaidFilter, $overdue: Boolean) {
    invoices(page: $page, clientId: $clientId, status: $status, overdue: $overdue) {
      total
      items {
        id
        client {
          id
          name
        }
        invoiceNumber
        date
        dueDate
        paid
        sent
        totalAmount
        openAmount
        version
        items {
          description
          quantity
          unitPrice
          vatRate
        }
      }
    }
  }
`);
