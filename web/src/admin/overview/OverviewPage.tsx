import { lazy, Suspense } from 'react';
import { Alert, Card, Col, Empty, Row, Skeleton, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, formatEuros } from '../../common/format';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { useAdminOverview } from './useAdminOverview';

/** The charts bring their library along; the figures above show without waiting for it. */
const OverviewCharts = lazy(() => import('./OverviewCharts'));

const euros = (value: number | string | undefined) => formatEuros(Number(value ?? 0));

/** The admin landing page: what is owed, what is late, what came in. */
export const OverviewPage = () => {
  const { t } = useTranslation();
  const { overview, loading, error } = useAdminOverview();
  return (
    <AdminPage testId="admin-overview">
      <PageHeader title={t('admin.overview.title')} />
      {error && <Alert type="error" showIcon title={t('admin.overview.loadFailed')} className="admin-toolbar" />}
      <Row gutter={[16, 16]} className="admin-figures">
        <Col xs={12} lg={6}>
          <Card size="small" loading={loading && !overview}>
            <Statistic title={t('admin.overview.receivables')} value={overview?.receivables} formatter={euros} />
            <span className="admin-muted">{t('admin.overview.unpaidCount', { count: overview?.unpaidCount ?? 0 })}</span>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={loading && !overview}>
            <Statistic
              title={t('admin.overview.overdue')}
              value={overview?.overdueAmount}
              formatter={euros}
              styles={{ content: { color: overview && overview.overdueCount > 0 ? '#cf1322' : undefined } }}
            />
            <Link to="/admin/invoices?overdue=true" data-testid="overdue-count">
              {t('admin.overview.overdueCount', { count: overview?.overdueCount ?? 0 })}
            </Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={loading && !overview}>
            <Statistic title={t('admin.overview.revenueMonth')} value={overview?.revenueMonth} formatter={euros} />
            <span className="admin-muted">{t('admin.overview.netOfVat')}</span>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" loading={loading && !overview}>
            <Statistic title={t('admin.overview.revenueYear')} value={overview?.revenueYear} formatter={euros} />
            <span className="admin-muted">{t('admin.overview.netOfVat')}</span>
          </Card>
        </Col>
      </Row>
      <Suspense fallback={<Skeleton active className="admin-section" />}>
        <OverviewCharts />
      </Suspense>
      <Card title={t('admin.overview.recentPayments')} className="admin-section">
        <Table
          rowKey="paymentId"
          size="small"
          loading={loading && !overview}
          dataSource={overview?.recentPayments ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('admin.overview.noPayments')} /> }}
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
      </Card>
    </AdminPage>
  );
};
