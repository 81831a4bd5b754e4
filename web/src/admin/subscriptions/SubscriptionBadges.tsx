import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const LABEL_KEYS: Record<string, string> = {
  Invoiced: 'enum.subscriptionInvoiceStatus.invoiced',
  Due: 'enum.subscriptionInvoiceStatus.due',
  'Not invoiced': 'enum.subscriptionInvoiceStatus.notInvoiced',
};

/** The spec's invoice-status badge: green when 'Invoiced', a warning colour for anything else. */
export const SubscriptionInvoiceStatusBadge = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  const key = LABEL_KEYS[status];
  return <Tag color={status === 'Invoiced' ? 'success' : 'warning'}>{key ? t(key) : status}</Tag>;
};
