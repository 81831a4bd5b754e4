import { Typography } from 'antd';
import { formatCreditorReference } from '../../../domain/bank/creditor-reference';

/**
 * An invoice's RF creditor reference, shown in groups of four as it is printed on the PDF, with a
 * copy button that copies it without spaces: the form every bank's transfer screen accepts.
 */
export const PaymentReference = ({ reference, copyLabel, copiedLabel }: { reference: string; copyLabel: string; copiedLabel: string }) => (
  <Typography.Text className="payment-reference" copyable={{ text: reference, tooltips: [copyLabel, copiedLabel] }} data-testid="payment-reference">
    {formatCreditorReference(reference)}
  </Typography.Text>
);
