import { graphql } from '../../../../gql';

export const ACCOUNT_LEDGER = graphql(`
  query AccountLedger($accountId: ID!, $from: String, $to: String, $page: PageInput) {
    accountLedger(accountId: $accountId, from: $from, to: $to, page: $page) {
      accountId
      account
      from
      to
      openingBalance
      closingBalance
      total
      lines {
        entryId
        date
        description
        kind
        source
        sourceId
        invoiceId
        debit
        credit
        balance
      }
    }
  }
`);
