import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../common/DataState';
import { formatDate } from '../../common/format';
import { useIsPhone } from '../../common/useIsPhone';
import { Badge } from '../../shared/billing-badges';
import { newestFirst, viesRefusalOf, type ViesCheckView, type ViesRefusal } from './vies';
import { useCheckClientVies, useClientVies } from './useVies';
import './vies.css';

const K = 'admin.clients.vies';

const Result = ({ valid }: { valid: boolean }) => {
  const { t } = useTranslation();
  return <Badge tone={valid ? 'success' : 'error'}>{t(valid ? `${K}.valid` : `${K}.invalid`)}</Badge>;
};

/** The latest answer: valid or not, the number asked about, the day VIES answered for, its consultation number and what it holds of the business. */
const LatestCheck = ({ check }: { check: ViesCheckView }) => {
  const { t } = useTranslation();
  // On a phone a label beside its value leaves the value a sliver: a registered name broke letter by letter.
  const phone = useIsPhone();
  return (
    <Descriptions
      size="small"
      column={1}
      layout={phone ? 'vertical' : 'horizontal'}
      className="vies-latest"
      data-testid="vies-latest"
      items={[
        {
          key: 'result',
          label: t(`${K}.result`),
          children: (
            <span className="vies-result">
              <Result valid={check.valid} /> <span className="vies-mono">{`${check.countryCode}${check.vatNumber}`}</span>
            </span>
          ),
        },
        { key: 'date', label: t(`${K}.requestDate`), children: <span data-testid="vies-date">{formatDate(check.requestDate)}</span> },
        ...(check.requestIdentifier
          ? [{ key: 'id', label: t(`${K}.requestIdentifier`), children: <span className="vies-mono" data-testid="vies-consultation">{check.requestIdentifier}</span> }]
          : []),
        ...(check.name ? [{ key: 'name', label: t(`${K}.name`), children: <span data-testid="vies-name">{check.name}</span> }] : []),
        ...(check.address ? [{ key: 'address', label: t(`${K}.address`), children: <span className="vies-address">{check.address}</span> }] : []),
      ]}
    />
  );
};

const RefusalAlert = ({ refusal }: { refusal: ViesRefusal }) => {
  const { t } = useTranslation();
  const text = refusal.kind === 'unavailable' ? t(`${K}.unavailable`) : refusal.kind === 'refused' ? refusal.message : t('notifications.requestFailed');
  return <Alert type={refusal.kind === 'unavailable' ? 'warning' : 'error'} showIcon className="vies-alert" data-testid="vies-refusal" title={text} />;
};

/**
 * A client's VAT number in VIES (when checks are on and it has one): Check in VIES, the latest
 * answer, and every check kept (dates and results), the reverse-charge evidence.
 */
export const ViesBlock = ({ clientId, vatNumber }: { clientId: string; vatNumber: string }) => {
  const { t } = useTranslation();
  const { enabled, checks, error, refetch } = useClientVies(clientId);
  const { check, checking } = useCheckClientVies();
  const [refusal, setRefusal] = useState<ViesRefusal | null>(null);
  if (!vatNumber.trim()) return null;
  if (error && !enabled) return <LoadError error={error} retry={refetch} className="vies-alert" />;
  if (!enabled) return null;
  const sorted = newestFirst(checks);
  const latest = sorted[0];

  const run = async () => {
    setRefusal(null);
    try {
      await check(clientId);
    } catch (err) {
      console.warn('VIES check failed', err);
      setRefusal(viesRefusalOf(err));
    }
  };

  return (
    <section className="vies-block" data-testid="vies" aria-labelledby={`vies-${clientId}`}>
      <div className="vies-head">
        <Typography.Title level={5} id={`vies-${clientId}`} className="vies-title">
          {t(`${K}.title`)}
        </Typography.Title>
        <Button size="small" icon={<SafetyCertificateOutlined />} loading={checking} onClick={() => void run()} data-testid="vies-check">
          {t(`${K}.check`)}
        </Button>
      </div>
      {refusal && <RefusalAlert refusal={refusal} />}
      {latest ? <LatestCheck check={latest} /> : <p className="admin-muted vies-none">{t(`${K}.none`)}</p>}
      {sorted.length > 0 && (
        <Collapse
          size="small"
          ghost
          className="vies-history-panel"
          items={[
            {
              key: 'history',
              label: t(`${K}.checks`, { count: sorted.length }),
              children: (
                <ol className="vies-history" data-testid="vies-history">
                  {sorted.map((c) => (
                    <li key={c.id}>
                      <span className="vies-history-at">{`${formatDate(c.checkedAt)} ${dayjs(c.checkedAt).format('HH:mm')}`}</span>
                      <Result valid={c.valid} />
                      {c.requestIdentifier && <span className="vies-mono admin-muted">{c.requestIdentifier}</span>}
                    </li>
                  ))}
                </ol>
              ),
            },
          ]}
        />
      )}
    </section>
  );
};
