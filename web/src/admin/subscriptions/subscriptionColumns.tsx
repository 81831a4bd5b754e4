import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDate, formatEuros } from '../../common/format';
import type { ListCard } from '../../common/ResponsiveTable';
import { NextBillingBadge, SubscriptionStatusBadge } from '../../shared/billing-badges';
import { SubscriptionInvoiceStatusBadge } from './SubscriptionBadges';
import type { SubscriptionView } from './subscriptionTypes';

/** The shared rule module speaks the REST (snake_case) shape; GraphQL answers camelCase. */
const nextBillingSource = (s: SubscriptionView) => ({
  product: { billing_cycle: s.product.billingCycle },
  next_billing_date: s.nextBillingDate ?? null,
  invoiced_until: s.invoicedUntil ?? null,
});

/** The columns both the subscriptions screen and the client page show. */
export const subscriptionColumns = (t: TFunction, today: string, options: { withClient: boolean }): ColumnsType<SubscriptionView> => [
  ...(options.withClient ? [{ key: 'client', title: t('admin.fields.client'), render: (_: unknown, s: SubscriptionView) => s.client.name }] : []),
  { key: 'product', title: t('admin.subscriptions.product'), render: (_, s) => s.product.name },
  { key: 'start', title: t('admin.subscriptions.startDate'), render: (_, s) => formatDate(s.startDate) },
  { key: 'status', title: t('admin.fields.status'), render: (_, s) => <SubscriptionStatusBadge status={s.status} /> },
  { key: 'invoiceStatus', title: t('admin.subscriptions.invoiceStatus'), render: (_, s) => <SubscriptionInvoiceStatusBadge status={s.invoiceStatus} /> },
  { key: 'next', title: t('admin.subscriptions.nextBilling'), render: (_, s) => <NextBillingBadge subscription={nextBillingSource(s)} today={today} /> },
];

/** The same subscription as a card on a phone. */
export const subscriptionCard = (t: TFunction, today: string, options: { withClient: boolean }, actions: ReactNode, s: SubscriptionView): ListCard => ({
  title: s.product.name,
  subtitle: options.withClient ? s.client.name : undefined,
  status: (
    <>
      <SubscriptionStatusBadge status={s.status} />
      <SubscriptionInvoiceStatusBadge status={s.invoiceStatus} />
    </>
  ),
  fields: [
    { key: 'price', label: t('admin.products.price'), value: formatEuros(s.product.price) },
    { key: 'start', label: t('admin.subscriptions.startDate'), value: formatDate(s.startDate) },
    { key: 'next', label: t('admin.subscriptions.nextBilling'), value: <NextBillingBadge subscription={nextBillingSource(s)} today={today} /> },
  ],
  actions,
});
