import { ReloadOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, Collapse, Drawer, Grid } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { formatDate } from '../../common/format';
import { Badge } from '../../shared/billing-badges';
import { useFeedback } from '../common/useFeedback';
import { EventName } from './EventName';
import { useWebhookDeliveries } from './useIntegrations';
import { attemptOutcome, deliveryStatusOf, prettyPayload, type WebhookDeliveryView, type WebhookEndpointView } from './webhooks';

const K = 'admin.integrations.webhooks.delivery';

const at = (iso: string) => `${formatDate(iso)} ${dayjs(iso).format('HH:mm:ss')}`;

/** Each try, oldest first: when, the receiver's HTTP status or the error when no answer came, and how long it took. */
const AttemptLog = ({ log }: { log: WebhookDeliveryView['log'] }) => {
  const { t } = useTranslation();
  if (log.length === 0) return <p className="admin-muted">{t(`${K}.noAttempts`)}</p>;
  return (
    <ol className="integrations-attempts" data-testid="delivery-log">
      {log.map((attempt, i) => {
        const outcome = attemptOutcome(attempt);
        return (
          <li key={`${i}:${attempt.at}`}>
            <span className="integrations-attempt-at">{at(attempt.at)}</span>
            {attempt.statusCode !== null ? <Badge tone={outcome.ok ? 'success' : 'error'}>{outcome.text}</Badge> : <span className="integrations-attempt-error">{outcome.text}</span>}
            <span className="admin-muted">{t(`${K}.duration`, { ms: attempt.durationMs })}</span>
          </li>
        );
      })}
    </ol>
  );
};

/** One delivery: its event, status, tries, when it was made, delivered or is tried next; the body and the log unfold; Replay. */
const DeliveryItem = ({ delivery: d, replaying, onReplay }: { delivery: WebhookDeliveryView; replaying: boolean; onReplay: () => void }) => {
  const { t } = useTranslation();
  const status = deliveryStatusOf(d.status);
  const facts = [
    { key: 'attempts', label: t(`${K}.attempts`), value: String(d.attempts) },
    d.nextAttemptAt && { key: 'next', label: t(`${K}.nextAttempt`), value: at(d.nextAttemptAt) },
    { key: 'created', label: t(`${K}.created`), value: at(d.createdAt) },
    d.deliveredAt && { key: 'delivered', label: t(`${K}.delivered`), value: at(d.deliveredAt) },
  ].filter((f): f is { key: string; label: string; value: string } => !!f);
  return (
    <li className="integrations-delivery" data-testid="delivery" data-event={d.eventType} data-status={status.status}>
      <div className="integrations-delivery-head">
        <span className="integrations-delivery-event">
          <EventName rest={d.eventType} />
        </span>
        <span data-testid="delivery-status">
          <Badge tone={status.tone}>{t(`${K}.statuses.${status.status}`)}</Badge>
        </span>
        <Button size="small" icon={<RedoOutlined aria-hidden />} loading={replaying} onClick={onReplay} className="integrations-delivery-replay" data-testid="delivery-replay">
          {t(`${K}.replay`)}
        </Button>
      </div>
      <dl className="integrations-delivery-facts">
        {facts.map((f) => (
          <div key={f.key}>
            <dt>{f.label}</dt>
            <dd data-testid={`delivery-${f.key}`}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <Collapse
        size="small"
        ghost
        className="integrations-delivery-more"
        items={[
          {
            key: 'payload',
            label: t(`${K}.payload`),
            children: (
              // Keyboard users scroll a long body too.
              <pre className="integrations-payload" tabIndex={0} aria-label={t(`${K}.payload`)} data-testid="delivery-payload">
                {prettyPayload(d.payload)}
              </pre>
            ),
          },
          { key: 'log', label: t(`${K}.log`, { count: d.log.length }), children: <AttemptLog log={d.log} /> },
        ]}
      />
    </li>
  );
};

/**
 * An endpoint's deliveries, newest first, 20 at a time with "Load older": each with its event,
 * status, tries and times, its body and attempt log, and Replay (the same event id again, now).
 * Opened with an endpoint; closed with null.
 */
export const DeliveriesDrawer = ({ endpoint, onClose }: { endpoint: WebhookEndpointView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const screens = Grid.useBreakpoint();
  const { deliveries, loading, error, refresh, hasOlder, loadOlder, loadingOlder, olderError, replay } = useWebhookDeliveries(endpoint?.id);
  const [replaying, setReplaying] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const onReplay = async (d: WebhookDeliveryView) => {
    setReplaying(d.id);
    try {
      await replay(d.id);
      feedback.success(t(`${K}.replayed`));
    } catch (err) {
      feedback.logged(err, 'Failed to replay a webhook delivery');
    } finally {
      setReplaying(null);
    }
  };
  const onRefresh = async () => {
    setRefreshing(true);
    try {
      await refresh();
    } catch {
      // The query's error shows in place of the list.
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Drawer
      open={!!endpoint}
      onClose={onClose}
      title={
        <div className="integrations-drawer-title">
          <span>{t(`${K}.title`)}</span>
          <span className="admin-muted integrations-url">{endpoint?.url}</span>
        </div>
      }
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void onRefresh()} loading={refreshing} data-testid="deliveries-refresh">
          {t(`${K}.refresh`)}
        </Button>
      }
      size={screens.sm ? 640 : '100%'}
      destroyOnHidden
      data-testid="deliveries-drawer"
      rootClassName="admin-drawer"
    >
      {loading && <LoadingSkeleton rows={6} />}
      {error && !loading && <LoadError error={error} retry={() => void onRefresh()} />}
      {!loading && !error && deliveries.length === 0 && <p data-testid="deliveries-empty">{t(`${K}.empty`)}</p>}
      {deliveries.length > 0 && (
        <ol className="integrations-deliveries" aria-label={t(`${K}.title`)}>
          {deliveries.map((d) => (
            <DeliveryItem key={d.id} delivery={d} replaying={replaying === d.id} onReplay={() => void onReplay(d)} />
          ))}
        </ol>
      )}
      {olderError !== undefined && <LoadError error={olderError} retry={() => void loadOlder()} />}
      {hasOlder && (
        <div className="integrations-older">
          <Button onClick={() => void loadOlder()} loading={loadingOlder} data-testid="deliveries-older">
            {t(`${K}.loadOlder`)}
          </Button>
        </div>
      )}
    </Drawer>
  );
};
