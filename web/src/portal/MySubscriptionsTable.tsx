import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, localToday } from '../common/format';
import { NextBillingBadge, SubscriptionStatusBadge } from '../shared/billing-badges';
import { ScrollRegion } from '../common/ScrollRegion';
import type { PortalSubscription } from './usePortalAccount';

export const MySubscriptionsTable = ({ subscriptions }: { subscriptions: PortalSubscription[] }) => {
  const { t } = useTranslation();
  const today = localToday();
  return (
    <ScrollRegion label={t('portal.subscriptions.title')}>
      <Table<PortalSubscription>
        rowKey="id"
        size="middle"
        dataSource={subscriptions}
        pagination={false}
        locale={{ emptyText: t('portal.subscriptions.empty') }}
        columns={[
          { title: t('portal.subscriptions.product'), key: 'product', render: (_, s) => s.product.name },
          { title: t('portal.subscriptions.status'), key: 'status', render: (_, s) => <SubscriptionStatusBadge status={s.status} /> },
          { title: t('portal.subscriptions.startDate'), key: 'start', render: (_, s) => formatDate(s.start_date) },
          { title: t('portal.subscriptions.nextBilling'), key: 'next', render: (_, s) => <NextBillingBadge subscription={s} today={today} /> },
        ]}
      />
    </ScrollRegion>
  );
};
