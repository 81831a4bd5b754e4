import { graphql } from '../../../../gql';

export const CASH_FLOW = graphql(`
  query CashFlow($from: String, $to: String) {
    cashFlow(from: $from, to: $to) {
      from
      to
      netIncome
      operatingAdjustments {
        accountId
        account
        balance
      }
      cashFromOperations
      investing {
        accountId
        account
        balance
      }
      cashFromInvesting
      financing {
        accountId
        account
        balance
      }
      cashFromFinancing
      netCashFlow
      openingCash
      closingCash
    }
  }
`);
