import { graphql } from '../../../../gql';

export const RECORD_INVOICE_PAYMENT = graphql(`
  mutation RecordInvoicePayment($invoiceId: ID!, $input: InvoicePaymentInput!) {
    recordInvoicePayment(invoiceId: $invoiceId, input: $input) {
      ...AdminInvoiceFields
    }
  }
`);
