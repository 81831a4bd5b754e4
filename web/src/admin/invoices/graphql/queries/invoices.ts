import { graphql } from '../../../../gql';

export const INVOICES = graphql(`
  query AdminInvoices($page: PageInput, $clientId: ID, $status: InvoicePaidFilter, $overdue: Boolean) {
    invoices(page: $page, clientId: $clientId, status: $status, overdue: $overdue) {
      total
      items {
        ...AdminInvoiceFields
      }
    }
  }
`);
