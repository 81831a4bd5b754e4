import { graphql } from '../../../../gql';

export const VAT_RETURN = graphql(`
  query VatReturn($from: String, $to: String) {
    vatReturn(from: $from, to: $to) {
      from
      to
      outputBase
      outputVat
      inputBase
      inputVat
      netVat
      settlements
      rows {
        category
        rate
        outputBase
        outputVat
        inputBase
        inputVat
      }
    }
  }
`);
