import { ExportOutlined } from '@ant-design/icons';
import { Alert, Collapse, Descriptions, Typography, type DescriptionsProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { loadFailureOf, LoadError, LoadingSkeleton } from '../../common/DataState';
import { formatDate } from '../../common/format';
import { useIsPhone } from '../../common/useIsPhone';
import { Badge } from '../../shared/billing-badges';
import { historyKeys, invoiceTypeKey, outcomeTone, shownOf, statusTag, type MyDataTransmissionView } from './myData';
import { SendAgainButton } from './SendAgainButton';
import { useMyDataTransmission } from './useMyData';
import './mydata.css';

const K = 'admin.mydata';

type DescriptionsItemType = NonNullable<DescriptionsProps['items']>[number];

const at = (iso: string) => `${formatDate(iso)} ${dayjs(iso).format('HH:mm')}`;

/** AADE's errors, each its code and its text as AADE wrote it. */
export const MyDataErrors = ({ errors }: { errors: ReadonlyArray<{ code: string; message: string }> }) => (
  <ul className="mydata-errors" data-testid="mydata-errors">
    {errors.map((e, i) => (
      <li key={`${i}:${e.code}`}>
        <code className="mydata-code">{e.code}</code> {e.message}
      </li>
    ))}
  </ul>
);

/** Each call to myDATA, look-up and request to send again, oldest first: when, what, how it ended, who asked. */
const History = ({ history }: { history: MyDataTransmissionView['history'] }) => {
  const { t } = useTranslation();
  return (
    <ol className="mydata-history" data-testid="mydata-history">
      {history.map((h, i) => {
        const keys = historyKeys(h);
        return (
          <li key={`${i}:${h.at}`}>
            <span className="mydata-history-at">{at(h.at)}</span>
            <span className="mydata-history-action">{keys.action ? t(`${K}.history.${keys.action}`) : keys.raw.action}</span>
            <Badge tone={outcomeTone(h.outcome)}>{keys.outcome ? t(`${K}.history.${keys.outcome}`) : (keys.raw.outcome ?? '')}</Badge>
            <span className="admin-muted mydata-history-actor">{h.actor ?? t('admin.mydata.history.system')}</span>
          </li>
        );
      })}
    </ol>
  );
};

/**
 * An issued invoice's or credit note's transmission to myDATA (AADE), in its details: the status,
 * the MARK and UID AADE gave it, its page at AADE, AADE's errors, the history, and Send again once
 * refused. Nothing at all when none is due (a company outside Greece, a draft).
 */
export const MyDataSection = ({ documentId }: { documentId: string | undefined }) => {
  const { t } = useTranslation();
  const { transmission: m, loading, error, refetch } = useMyDataTransmission(documentId);
  // On a phone each fact's label stands above it: beside it, a long label leaves the value a sliver.
  const phone = useIsPhone();
  if (!documentId) return null;
  if (loading) return <LoadingSkeleton rows={2} />;
  // A document the service does not know (deleted meanwhile) has nothing to show here.
  if (error && !m) return loadFailureOf(error) === 'notFound' ? null : <LoadError error={error} retry={refetch} className="mydata-section" />;
  const shown = shownOf(m);
  if (!m || shown.kind === 'none') return null;
  const tag = statusTag(shown.status);
  const typeKey = invoiceTypeKey(m.invoiceType);
  const facts: Array<DescriptionsItemType | null | '' | undefined> = [
    m.mark && { key: 'mark', label: t(`${K}.mark`), children: <span className="mydata-mono" data-testid="mydata-mark">{m.mark}</span> },
    m.uid && { key: 'uid', label: t(`${K}.uid`), children: <span className="mydata-mono mydata-wrap" data-testid="mydata-uid">{m.uid}</span> },
    m.invoiceType && { key: 'type', label: t(`${K}.invoiceType`), children: typeKey ? `${m.invoiceType} · ${t(`${K}.invoiceTypes.${typeKey}`)}` : m.invoiceType },
    m.transmittedAt && { key: 'at', label: t(`${K}.transmittedAt`), children: at(m.transmittedAt) },
    m.qrUrl && {
      key: 'aade',
      label: t(`${K}.aade`),
      children: (
        <a href={m.qrUrl} target="_blank" rel="noopener noreferrer" data-testid="mydata-open">
          {t(`${K}.openInAade`)} <ExportOutlined aria-hidden />
        </a>
      ),
    },
  ];
  const items = facts.filter((f): f is DescriptionsItemType => !!f);

  return (
    <section className="mydata-section" data-testid="mydata" aria-labelledby={`mydata-${documentId}`}>
      <div className="mydata-head">
        <Typography.Title level={5} id={`mydata-${documentId}`} className="mydata-title">
          {t(`${K}.title`)}
        </Typography.Title>
        <span data-testid="mydata-status">
          <Badge tone={tag.tone}>{t(`${K}.status.${tag.key}`)}</Badge>
        </span>
        {shown.canSendAgain && (
          <span className="mydata-head-action">
            <SendAgainButton documentId={m.documentId} number={m.number} size="small" />
          </span>
        )}
      </div>
      {shown.unconfigured && <Alert type="info" showIcon className="mydata-hint" data-testid="mydata-unconfigured" title={t(`${K}.unconfigured`)} />}
      {shown.status === 'pending' && !shown.unconfigured && <p className="admin-muted mydata-note">{t(`${K}.pendingNote`)}</p>}
      {items.length > 0 && <Descriptions size="small" column={1} layout={phone ? 'vertical' : 'horizontal'} className="mydata-facts" items={items} />}
      {m.errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="mydata-hint"
          data-testid="mydata-refusal"
          title={t(shown.status === 'failed' ? `${K}.refusedTitle` : `${K}.errorsTitle`)}
          description={<MyDataErrors errors={m.errors} />}
        />
      )}
      {m.history.length > 0 && (
        <Collapse
          size="small"
          ghost
          className="mydata-history-panel"
          items={[{ key: 'history', label: t(`${K}.historyTitle`, { count: m.history.length }), children: <History history={m.history} /> }]}
        />
      )}
    </section>
  );
};
