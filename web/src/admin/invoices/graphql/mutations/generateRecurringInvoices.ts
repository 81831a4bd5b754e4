import { graphql } from '../../../../gql';

export const GENERATE_RECURRING_INVOICES = graphql(`
  mutation GenerateRecurringInvoices {
    generateRecurringInvoices {
      created
      skipped
      subscriptions
    }
  }
`);
