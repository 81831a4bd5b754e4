import { graphql } from '../../../../gql';

/** What the admin screens show of an invoice (the list, one invoice, a client's invoices). */
export const ADMIN_INVOICE_FIELDS = graphql(`
  fragment AdminInvoiceFields on Invoice {
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
    currency
    totalAmount
    openAmount
    paidAmount
    creditedAmount
    issued
    cancelled
    writtenOff
    writtenOffAmount
    writtenOffOn
    recoveredAmount
    reverseCharge
    version
    items {
      description
      quantity
      unitPrice
      vatRate
      vatCategory
      vatExemptionReason
      productId
    }
  }
`);
