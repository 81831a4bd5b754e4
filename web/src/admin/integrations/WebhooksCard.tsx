import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { Badge } from '../../shared/billing-badges';
import { confirmed, useFeedback } from '../common/useFeedback';
import { DeliveriesDrawer } from './DeliveriesDrawer';
import { DisabledReasonText } from './DisabledReasonText';
import type { ShownSecret } from './SecretOnceModal';
import { useWebhookCommands, useWebhookEndpoints } from './useIntegrations';
import { WebhookFormModal } from './WebhookFormModal';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointView } from './webhooks';

const K = 'admin.integrations.webhooks';

type Editing = { endpoint: WebhookEndpointView | null } | null;

/**
 * Settings › Integrations: the webhook endpoints (URL, description, how many events, enabled or
 * disabled with why, in a warning), each with its deliveries in a drawer, Edit, and Delete after a
 * confirmation, kept apart under More; a new endpoint's signing secret is shown once.
 */
export const WebhooksCard = ({ onSecret }: { onSecret: (shown: ShownSecret) => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { endpoints, loading, error, refetch } = useWebhookEndpoints();
  const { remove } = useWebhookCommands();
  const [editing, setEditing] = useState<Editing>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<WebhookEndpointView | null>(null);

  const onDelete = async (endpoint: WebhookEndpointView) => {
    if (!confirmed(t(`${K}.confirmDelete`, { url: endpoint.url }))) return;
    try {
      await remove(endpoint.id);
      feedback.success(t(`${K}.deleted`));
    } catch (err) {
      feedback.logged(err, 'Failed to delete a webhook endpoint');
    }
  };

  const status = (e: WebhookEndpointView) => <Badge tone={e.enabled ? 'success' : 'error'}>{t(`${K}.statuses.${e.enabled ? 'enabled' : 'disabled'}`)}</Badge>;
  const events = (e: WebhookEndpointView) => (e.events.length === WEBHOOK_EVENT_TYPES.length ? t(`${K}.allEvents`) : t(`${K}.eventCount`, { count: e.events.length, total: WEBHOOK_EVENT_TYPES.length }));
  // Why it is off, where it cannot be missed: a warning under the endpoint.
  const warning = (e: WebhookEndpointView) => (e.enabled ? null : <Alert type="warning" showIcon className="integrations-disabled" title={<DisabledReasonText endpoint={e} />} />);
  const url = (e: WebhookEndpointView) => <span className="integrations-url">{e.url}</span>;
  const actions = (e: WebhookEndpointView) => (
    <RowActions
      actions={[
        { key: 'deliveries', label: t(`${K}.deliveries`), ariaLabel: t(`${K}.deliveriesNamed`, { url: e.url }), inline: true, onClick: () => setDeliveriesOf(e), testId: 'webhook-deliveries' },
        { key: 'edit', label: t('buttons.edit'), onClick: () => setEditing({ endpoint: e }), testId: 'webhook-edit' },
        { key: 'delete', label: t('buttons.delete'), danger: true, apart: true, onClick: () => void onDelete(e), testId: 'webhook-delete' },
      ]}
    />
  );

  return (
    <Card
      title={t(`${K}.title`)}
      data-testid="webhooks"
      className="integrations-card"
      styles={{ title: { whiteSpace: 'normal' } }}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ endpoint: null })} data-testid="webhook-add">
          {t(`${K}.add`)}
        </Button>
      }
    >
      <Typography.Paragraph>{t(`${K}.help`)}</Typography.Paragraph>
      <ResponsiveTable<WebhookEndpointView>
        label={t(`${K}.title`)}
        testId="webhook-list"
        region
        rowKey="id"
        size="small"
        dataSource={endpoints}
        pagination={false}
        state={{ loading, error, retry: refetch }}
        locale={{ emptyText: t(`${K}.empty`) }}
        card={(e) => ({
          title: url(e),
          subtitle: e.description || undefined,
          status: status(e),
          fields: [
            { key: 'events', label: t(`${K}.events`), value: events(e) },
            { key: 'created', label: t(`${K}.created`), value: formatDate(e.createdAt) },
          ],
          details: warning(e),
          actions: actions(e),
        })}
        columns={[
          {
            key: 'url',
            title: t(`${K}.url`),
            render: (_, e) => (
              <div className="integrations-endpoint">
                {url(e)}
                {e.description && <span className="admin-muted">{e.description}</span>}
                {warning(e)}
              </div>
            ),
          },
          { key: 'events', title: t(`${K}.events`), render: (_, e) => <span className="integrations-narrow">{events(e)}</span> },
          { key: 'status', title: t(`${K}.status`), render: (_, e) => status(e) },
          { key: 'created', title: t(`${K}.created`), render: (_, e) => <span className="admin-nowrap">{formatDate(e.createdAt)}</span> },
          { key: 'actions', title: t('admin.fields.actions'), render: (_, e) => actions(e) },
        ]}
      />
      <WebhookFormModal open={editing !== null} endpoint={editing?.endpoint ?? null} onClose={() => setEditing(null)} onCreated={onSecret} />
      <DeliveriesDrawer endpoint={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
    </Card>
  );
};
