import { useApolloClient } from '@apollo/client/react';
import { lazy, Suspense } from 'react';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadError, UNKNOWN_FIGURE } from '../../common/DataState';
import { formatDate, formatEuros } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { useAdminOverview } from './useAdminOverview';

/** The charts bring their library along; the figures above show without waiting for it. */
const OverviewCharts = lazy(() => import('./OverviewCharts'));

// A figure that has not come is a dash, never 0,00 €.
const euros = (value: number | string) => (typeof value === 'number' ? <span className="money">{formatEuros(value)}</span> : UNKNOWN_FIGURE);

type RecentPayment = NonNullable<ReturnType<typeof useAdminOverview>['overview']>['recentPayments'][number];

/** Where a count goes while it is not known: the line kept, so the cards stay one height. */
const NoCount = () => <span className="admin-muted" aria-hidden="true">{'\u00a0'}</span>;

/** The admin landing page: what is owed, what is late, what came in. */
export const OverviewPage = () => {
  const { t } = useTranslation();
  const { overview, loading, error } = useAdminOverview();
  const client = useApolloClient();
  // One Retry for the page: the figures and the charts ask again together.
  const retry = () => client.refetchQueries({ include: ['AdminOverview', 'OverviewCharts'] });
  const pending = loading && !overview;
  const clientOf = (p: RecentPayment) => (p.clientId ? <Link to={`/admin/clients/${p.clientId}`}>{p.clientName}</Link> : '—');
  const methodOf = (p: RecentPayment) => t(`enum.paymentMethod.${p.method}`, { defaultValue: p.method });
  return (
    <AdminPage testId="admin-overview">
      <PageHeader title={t('admin.overview.title')} />
      {error && !pending && <LoadError error={error} retry={retry} className="admin-toolbar" />}
      <Row gutter={[16, 16]} className="admin-figures">
        <Col xs={12} lg={6}>
          <Card size="small" loading={pending}>
            <Statistic title={t('admin.overview.receivables')} value={overview?.receivables ?? UNKNOWN_FIGURE} formatter={euros} />
            {overview ? <span className="admin-muted">{t('admin.overview.unpaidCount', { count: overview.unpaidCount })}</span> : <NoCount />}
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={pending}>
            <Statistic
              title={t('admin.overview.overdue')}
              value={overview?.overdueAmount ?? UNKNOWN_FIGURE}
              formatter={euros}
              styles={{ content: { color: overview && overview.overdueCount > 0 ? '#cf1322' : undefined } }}
            />
            {overview ? (
              <Link to="/admin/invoices?overdue=true" className="admin-figure-link" data-testid="overdue-count">
                {t('admin.overview.overdueCount', { count: overview.overdueCount })}
              </Link>
            ) : (
              <NoCount />
            )}
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={pending}>
            <Statistic title={t('admin.overview.revenueMonth')} value={overview?.revenueMonth ?? UNKNOWN_FIGURE} formatter={euros} />
            <span className="admin-muted">{t('admin.overview.netOfVat')}</span>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={pending}>
            <Statistic title={t('admin.overview.revenueYear')} value={overview?.revenueYear ?? UNKNOWN_FIGURE} formatter={euros} />
            <span className="admin-muted">{t('admin.overview.netOfVat')}</span>
          </Card>
        </Col>
      </Row>
      <Suspense fallback={<Skeleton active className="admin-section" />}>
        <OverviewCharts failureShown={!!error && !overview} />
      </Suspense>
      <Card title={t('admin.overview.recentPayments')} className="admin-section">
        {/* From md up a table in its own keyboard-reachable scroll box; on a phone one card a payment, its amount pinned at the right. */}
        <ResponsiveTable<RecentPayment>
          region
          label={t('admin.overview.recentPayments')}
          testId="recent-payments"
          rowKey="paymentId"
          size="small"
          dataSource={overview?.recentPayments ?? []}
          pagination={false}
          state={{ loading: pending, error }}
          errorShown
          locale={{ emptyText: <Empty description={t('admin.overview.noPayments')} /> }}
          card={(p) => ({
            title: p.invoiceNumber ?? '—',
            subtitle: clientOf(p),
            amount: formatEuros(p.amount),
            fields: [
              { key: 'date', label: t('admin.fields.date'), value: formatDate(p.date) },
              { key: 'method', label: t('admin.overview.method'), value: methodOf(p) },
            ],
          })}
          columns={[
            { key: 'date', title: t('admin.fields.date'), render: (_, p) => formatDate(p.date) },
            { key: 'client', title: t('admin.fields.client'), render: (_, p) => clientOf(p) },
            { key: 'invoice', title: t('admin.fields.invoiceNumber'), render: (_, p) => p.invoiceNumber ?? '—' },
            { key: 'method', title: t('admin.overview.method'), render: (_, p) => methodOf(p) },
            { key: 'amount', title: t('admin.fields.amount'), align: 'right', render: (_, p) => <span className="admin-amount money">{formatEuros(p.amount)}</span> },
          ]}
        />
      </Card>
    </AdminPage>
  );
};
