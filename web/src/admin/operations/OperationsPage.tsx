import { ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Table, Typography, type TableColumnsType, type BadgeProps } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../common/format';
import type { ProjectionStatusQuery } from '../../gql/graphql';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback } from '../common/useFeedback';
import { messageOf } from '../accounting/hooks/graphqlErrors';
import { useProjectionStatus, useRebuildProjection } from './useProjections';

type Row = ProjectionStatusQuery['projectionStatus'][number];
type SkippedRow = Row['skippedEvents'][number] & { name: string };

/** Store positions are zero-padded for sorting ("000…855:000…7"); people read "855:7". */
const shortPosition = (position: string) => position.split(':').map((part) => part.replace(/^0+(?=\d)/, '')).join(':');

// Coloured dots with plain text: coloured small text would fail the contrast check.
const STATE_BADGES: Record<string, BadgeProps['status']> = { running: 'success', remote: 'processing', paused: 'warning', starting: 'warning', failed: 'error', stopped: 'default' };

/** /admin/operations: each projection's and reactor's position, lag and last error, with Rebuild. */
export const OperationsPage = () => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { projections, loading, error, refetch } = useProjectionStatus();
  const { rebuild } = useRebuildProjection();
  const [busy, setBusy] = useState<string>();
  useEffect(() => {
    if (error) feedback.logged(error, 'Failed to fetch projection status');
  }, [error, feedback]);

  const onRebuild = async (name: string) => {
    if (!confirmed(t('admin.operations.confirmRebuild', { name }))) return;
    setBusy(name);
    try {
      const result = await rebuild(name);
      if (result?.caughtUp) feedback.success(t('admin.operations.rebuilt', { name, ms: result.durationMs }));
      else feedback.info(t('admin.operations.stillRunning', { name }));
    } catch (err) {
      console.error('Failed to rebuild projection', err);
      feedback.error(messageOf(err));
    } finally {
      setBusy(undefined);
    }
  };

  const columns: TableColumnsType<Row> = [
    { key: 'name', title: t('admin.operations.name'), dataIndex: 'name', render: (n: string) => <code>{n}</code> },
    { key: 'kind', title: t('admin.operations.kind'), render: (_, r) => t(`enum.handlerKind.${r.kind}`, { defaultValue: r.kind }) },
    { key: 'state', title: t('admin.operations.state'), render: (_, r) => <Badge status={STATE_BADGES[r.state] ?? 'default'} text={t(`enum.runnerState.${r.state}`, { defaultValue: r.state })} /> },
    { key: 'position', title: t('admin.operations.position'), render: (_, r) => (r.position ? <span title={r.position}>{shortPosition(r.position)}</span> : '—') },
    { key: 'lag', title: t('admin.operations.lag'), align: 'right', render: (_, r) => <span data-testid={`lag-${r.name}`}>{`${r.lag}${r.lagCapped ? '+' : ''}`}</span> },
    { key: 'processed', title: t('admin.operations.processed'), align: 'right', dataIndex: 'eventsProcessed' },
    { key: 'updated', title: t('admin.operations.updated'), render: (_, r) => (r.updatedAt ? `${formatDate(r.updatedAt)} ${dayjs(r.updatedAt).format('HH:mm:ss')}` : '—') },
    {
      key: 'skipped',
      title: t('admin.operations.skipped'),
      align: 'right',
      render: (_, r) => (r.skipped > 0 ? <Badge status="error" text={String(r.skipped)} data-testid={`skipped-${r.name}`} /> : <span data-testid={`skipped-${r.name}`}>0</span>),
    },
    {
      key: 'error',
      title: t('admin.operations.lastError'),
      render: (_, r) => (r.lastError ? <span className="error-text history-change">{r.lastError}</span> : '—'),
    },
    {
      key: 'actions',
      title: t('admin.accounting.journal.actions'),
      render: (_, r) =>
        r.rebuildable ? (
          <Button size="small" icon={<SyncOutlined aria-hidden spin={busy === r.name} />} disabled={!!busy} onClick={() => void onRebuild(r.name)} data-testid={`rebuild-${r.name}`}>
            {t('admin.operations.rebuild')}
          </Button>
        ) : (
          <span className="admin-muted">{t('admin.operations.noRebuild')}</span>
        ),
    },
  ];

  const skipped: SkippedRow[] = projections.flatMap((p) => p.skippedEvents.map((e) => ({ ...e, name: p.name })));
  const skippedCount = projections.reduce((sum, p) => sum + p.skipped, 0);
  const skippedColumns: TableColumnsType<SkippedRow> = [
    { key: 'name', title: t('admin.operations.name'), dataIndex: 'name', render: (n: string) => <code>{n}</code> },
    { key: 'type', title: t('admin.operations.eventType'), dataIndex: 'eventType', render: (v: string) => <code>{v}</code> },
    { key: 'stream', title: t('admin.operations.stream'), dataIndex: 'streamId', render: (v: string) => <code className="history-change">{v}</code> },
    { key: 'position', title: t('admin.operations.position'), render: (_, r) => <span title={r.position}>{shortPosition(r.position)}</span> },
    { key: 'skippedAt', title: t('admin.operations.skippedAt'), render: (_, r) => `${formatDate(r.skippedAt)} ${dayjs(r.skippedAt).format('HH:mm:ss')}` },
    { key: 'error', title: t('admin.operations.reason'), dataIndex: 'error', render: (v: string) => <span className="error-text history-change">{v}</span> },
  ];

  return (
    <AdminPage testId="operations-page">
      <PageHeader
        title={t('admin.operations.title')}
        actions={
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refetch()}>
            {t('admin.operations.refresh')}
          </Button>
        }
      />
      <Typography.Paragraph className="admin-muted">{t('admin.operations.intro')}</Typography.Paragraph>
      {skippedCount > 0 && <Alert type="error" showIcon role="alert" data-testid="skipped-alert" title={t('admin.operations.skippedAlert', { count: skippedCount })} description={t('admin.operations.skippedHelp')} style={{ marginBottom: 16 }} />}
      <Table<Row> rowKey="name" size="small" columns={columns} dataSource={projections} loading={loading && projections.length === 0} pagination={false} scroll={{ x: 1000 }} />
      {skipped.length > 0 && (
        <>
          <Typography.Title level={2} className="statement-title">
            {t('admin.operations.skippedTitle')}
          </Typography.Title>
          <Table<SkippedRow> rowKey={(r) => `${r.name}:${r.eventId}`} size="small" columns={skippedColumns} dataSource={skipped} pagination={false} scroll={{ x: 1000 }} data-testid="skipped-events" />
        </>
      )}
    </AdminPage>
  );
};
