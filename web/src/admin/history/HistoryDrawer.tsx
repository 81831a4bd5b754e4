import { Drawer, Grid, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { EURO, formatAmountCents, formatDate } from '../../common/format';
import { useScreenLanguage } from '../../common/useAmount';
import { useAccounts } from '../accounting/hooks/useAccounts';
import { describeEvent, type Change } from './describeEvent';
import { actorText } from './historyActor';
import { useEntityHistory, type HistoryKind } from './useEntityHistory';

export type { HistoryKind } from './useEntityHistory';

const ChangeRow = ({ change }: { change: Change }) => (
  <div className="history-change">
    <Typography.Text type="secondary">{change.label}: </Typography.Text>
    {change.value !== undefined ? (
      <span>{change.value}</span>
    ) : (
      <span>
        <del>{change.before}</del> → <ins>{change.after}</ins>
      </span>
    )}
  </div>
);

/**
 * The auditable history of one entity (a journal entry or an invoice): every event of its stream,
 * oldest first, with what changed, who did it and when. Opened with an id; closed with undefined.
 * `children` stand above the events (an invoice's or credit note's myDATA transmission).
 */
export const HistoryDrawer = ({
  kind,
  id,
  title,
  currency = EURO,
  onClose,
  children,
}: {
  kind: HistoryKind;
  id: string | undefined;
  title?: ReactNode;
  currency?: string;
  onClose: () => void;
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const language = useScreenLanguage();
  // An invoice's amounts are in its currency.
  const money = (cents: number) => formatAmountCents(cents, currency, language);
  const screens = Grid.useBreakpoint();
  const { events, loading, error, refetch } = useEntityHistory(kind, id);
  const { accounts } = useAccounts(true, { skip: !id });
  const names = useMemo(() => new Map(accounts.map((a) => [a.id, a.accountName])), [accounts]);

  return (
    <Drawer open={!!id} onClose={onClose} title={title ?? t('admin.history.title')} size={screens.sm ? 520 : '100%'} destroyOnHidden data-testid="history-drawer" rootClassName="admin-drawer">
      {children}
      {loading && !events && <LoadingSkeleton rows={6} />}
      {error && !loading && <LoadError error={error} retry={refetch} />}
      {events && events.length === 0 && <p>{t('admin.history.empty')}</p>}
      {events && events.length > 0 && (
        <Timeline
          items={events.map((e, i) => {
            const described = describeEvent(e.type, JSON.parse(e.data) as Record<string, unknown>, (accountId) => names.get(accountId) ?? accountId, t, money);
            return {
              // A reminder shares the revision it was decided on with that revision's event.
              key: `${i}:${e.type}:${e.revision}`,
              content: (
                <div className="history-event" data-testid="history-event">
                  <Typography.Text strong>{described.title}</Typography.Text>
                  <div className="admin-muted">
                    {t('admin.history.byAt', { actor: actorText(e, t), date: formatDate(e.recordedAt), time: dayjs(e.recordedAt).format('HH:mm') })}
                  </div>
                  {described.changes.map((c) => (
                    <ChangeRow key={c.label} change={c} />
                  ))}
                </div>
              ),
            };
          })}
        />
      )}
    </Drawer>
  );
};
