import { useApolloClient } from '@apollo/client/react';
import { lazy, Suspense } from 'react';
import { Card, Col, Empty, Row, Skeleton, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadError, tableState, UNKNOWN_FIGURE } from '../../common/DataState';
import { formatDate, formatEuros } from '../../common/format';
import { ScrollRegion } from '../../common/ScrollRegion';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { useAdminOverview } from './useAdminOverview';

/** The charts bring their library along; the figures above show without waiting for it. */
const OverviewCharts = lazy(() => import('./OverviewCharts'));

// A figure that has not come is a dash, never 0,00 €.
const euros = (value: number | string) => (typeof value === 'number' ? formatEuros(value) : UNKNOWN_FIGURE);

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
              <Link to="/admin/invoices?overdue=true" data-testid="overdue-count">
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
        {/* Its own keyboard-reachable scroll box: wider than a phone in some languages, even with no rows to focus. */}
        <ScrollRegion label={t('admin.overview.recentPayments')}>
          <Table
            rowKey="paymentId"
            size="small"
            dataSource={overview?.recentPayments ?? []}
            pagination={false}
            {...tableState({ loading: pending, error }, overview?.recentPayments, <Empty description={t('admin.overview.noPayments')} />, { errorShown: true })}
            columns={[
              { key: 'date', title: t('admin.fields.date'), render: (_, p) => formatDate(p.date) },
              {
                key: 'client',
                title: t('admin.fields.client'),
                render: (_, p) => (p.clientId ? <Link to={`/admin/clients/${p.clientId}`}>{p.clientName}</Link> : '—'),
              },
              { key: 'invoice', title: t('admin.fields.invoiceNumber'), render: (_, p) => p.invoiceNumber ?? '—' },
              { key: 'method', title: t('admin.overview.method'), render: (_, p) => t(`enum.paymentMethod.${p.method}`, { defaultValue: p.method }) },
              { key: 'amount', title: t('admin.fields.amount'), align: 'right', render: (_, p) => <span className="admin-amount">{formatEuros(p.amount)}</span> },
            ]}
          />
        </ScrollRegion>
      </Card>
    </AdminPage>
  );
};
