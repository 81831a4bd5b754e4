import { useTranslation } from 'react-i18next';
import { formatDate, formatEuros, localToday } from '../common/format';
import { ResponsiveTable } from '../common/ResponsiveTable';
import { NextBillingBadge, SubscriptionStatusBadge } from '../shared/billing-badges';
import type { PortalSubscription } from './usePortalAccount';

export const MySubscriptionsTable = ({ subscriptions }: { subscriptions: PortalSubscription[] }) => {
  const { t } = useTranslation();
  const today = localToday();
  return (
    <ResponsiveTable<PortalSubscription>
      region
      label={t('portal.subscriptions.title')}
      rowKey="id"
      size="middle"
      dataSource={subscriptions}
      pagination={false}
      locale={{ emptyText: t('portal.subscriptions.empty') }}
      card={(s) => ({
        title: s.product.name,
        status: <SubscriptionStatusBadge status={s.status} />,
        fields: [
          { key: 'price', label: t('portal.subscriptions.price'), value: formatEuros(s.product.price) },
          { key: 'start', label: t('portal.subscriptions.startDate'), value: formatDate(s.start_date) },
          { key: 'next', label: t('portal.subscriptions.nextBilling'), value: <NextBillingBadge subscription={s} today={today} /> },
        ],
      })}
      columns={[
        { title: t('portal.subscriptions.product'), key: 'product', render: (_, s) => s.product.name },
        { title: t('portal.subscriptions.status'), key: 'status', render: (_, s) => <SubscriptionStatusBadge status={s.status} /> },
        { title: t('portal.subscriptions.startDate'), key: 'start', render: (_, s) => formatDate(s.start_date) },
        { title: t('portal.subscriptions.nextBilling'), key: 'next', render: (_, s) => <NextBillingBadge subscription={s} today={today} /> },
      ]}
    />
  );
};
