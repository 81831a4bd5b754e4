import { useTranslation } from 'react-i18next';
import { Badge } from '../../shared/billing-badges';

const LABEL_KEYS: Record<string, string> = {
  Invoiced: 'enum.subscriptionInvoiceStatus.invoiced',
  Due: 'enum.subscriptionInvoiceStatus.due',
  'Not invoiced': 'enum.subscriptionInvoiceStatus.notInvoiced',
};

/** The spec's invoice-status badge: green when 'Invoiced', a warning colour for anything else. */
export const SubscriptionInvoiceStatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  const key = LABEL_KEYS[status];
  return <Badge tone={status === 'Invoiced' ? 'success' : 'warning'}>{key ? t(key) : status}</Badge>;
};
