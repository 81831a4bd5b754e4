import { Alert, Button, Card, Descriptions, Flex, Form, Popconfirm, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { formatDate, formatEuros, localToday } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { useFormatAmount } from '../../common/useAmount';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { errorText } from '../common/useFeedback';
import { missingRate } from '../invoices/invoiceCurrency';
import { ratesApi, type RevaluationAnswer } from './ratesApi';
import { lastDayOfPreviousMonth, revaluationRows, type RevaluationRow } from './revaluation';
import { useRateText } from './useRateText';
import './revaluation.css';

const K = 'admin.settings.rates.revaluation';
const DATE_ID = 'revaluation-date';
/** The documents whose numbers are looked up (one read each); any further one is named by its id. */
const NUMBERS_LOOKED_UP = 30;

/**
 * The revalued documents' numbers, read once a revaluation answers (it names documents by id); until
 * one arrives, or when it cannot be read, the row shows the id's start.
 */
const useDocumentNumbers = (rows: RevaluationRow[]): Record<string, string> => {
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    setNumbers({});
    for (const row of rows.slice(0, NUMBERS_LOOKED_UP)) {
      ratesApi.documentNumber(row.kind, row.id).then(
        (number) => live && number && setNumbers((n) => ({ ...n, [row.key]: number })),
        (err: unknown) => console.warn('Document number not read', err),
      );
    }
    return () => {
      live = false;
    };
  }, [rows]);
  return numbers;
};

/** A refusal in the screen's words when it is a missing rate (which the screen above takes), else as the server wrote it. */
const useRefusalText = () => {
  const { t } = useTranslation();
  return (err: unknown): string => {
    const messages = err instanceof ApiError ? [err.message, ...Object.values(err.errors ?? {}).flat()] : [];
    const noRate = messages.map(missingRate).find((m) => m !== null);
    return noRate ? t(`${K}.noRate`, { currency: noRate.currency, date: formatDate(noRate.date) }) : errorText(err);
  };
};

/** A difference in euros that says which it is: "16,84 € gain", "4,33 € loss", coloured to match. */
const Difference = ({ euros }: { euros: number }) => {
  const { t } = useTranslation();
  if (euros === 0) return <span className="admin-muted">{t(`${K}.noChange`)}</span>;
  const gain = euros > 0;
  return <span className={`admin-amount admin-nowrap ${gain ? 'revaluation-gain' : 'revaluation-loss'}`}>{t(gain ? `${K}.gainAmount` : `${K}.lossAmount`, { amount: formatEuros(Math.abs(euros)) })}</span>;
};

/** What one revaluation found and posted: a row a document, the gain and loss, the rates used and the reversal day. */
const RevaluationResult = ({ answer }: { answer: RevaluationAnswer }) => {
  const { t } = useTranslation();
  const amount = useFormatAmount();
  const rateText = useRateText();
  const rows = useMemo(() => revaluationRows(answer), [answer]);
  const numbers = useDocumentNumbers(rows);
  const euros = (n: number) => <span className="admin-amount admin-nowrap">{formatEuros(n)}</span>;
  const documentName = (r: RevaluationRow) => t(`${K}.kinds.${r.kind}`, { id: numbers[r.key] ?? r.shortId });
  const open = (r: RevaluationRow) => (
    <Flex vertical align="flex-end">
      <span className="admin-amount admin-nowrap">{amount(r.amount, r.currency)}</span>
      <span className="admin-muted">{t(`${K}.directions.${r.direction}`)}</span>
    </Flex>
  );
  const columns: TableColumnsType<RevaluationRow> = [
    { key: 'document', title: t(`${K}.columns.document`), render: (_, r) => <span className="admin-nowrap">{documentName(r)}</span> },
    { key: 'currency', title: t(`${K}.columns.currency`), render: (_, r) => r.currency },
    { key: 'open', title: t(`${K}.columns.open`), align: 'right', render: (_, r) => open(r) },
    { key: 'booked', title: t(`${K}.columns.booked`), align: 'right', render: (_, r) => euros(r.bookedEur) },
    { key: 'revalued', title: t(`${K}.columns.revalued`), align: 'right', render: (_, r) => euros(r.revaluedEur) },
    { key: 'difference', title: t(`${K}.columns.difference`), align: 'right', render: (_, r) => <Difference euros={r.differenceEur} /> },
  ];
  const totals = [
    // Coloured only when there is one: a loss of 0,00 € is no warning.
    { key: 'gain', label: t(`${K}.totalGain`), value: <span className={`admin-amount admin-nowrap${answer.gain > 0 ? ' revaluation-gain' : ''}`} data-testid="revaluation-gain">{formatEuros(answer.gain)}</span> },
    { key: 'loss', label: t(`${K}.totalLoss`), value: <span className={`admin-amount admin-nowrap${answer.loss > 0 ? ' revaluation-loss' : ''}`} data-testid="revaluation-loss">{formatEuros(answer.loss)}</span> },
  ];
  const summary = { date: formatDate(answer.date), reversal: formatDate(answer.reversal_date), gain: formatEuros(answer.gain), loss: formatEuros(answer.loss) };

  return (
    <Flex vertical gap={12} data-testid="revaluation-result">
      <Alert
        type={answer.posted ? 'success' : 'info'}
        showIcon
        data-testid="revaluation-outcome"
        title={answer.posted ? t(`${K}.posted`, summary) : t(`${K}.nothing`, summary)}
        description={answer.posted ? t(`${K}.reversed`, summary) : undefined}
      />
      {rows.length > 0 && (
        <ResponsiveTable<RevaluationRow>
          label={t(`${K}.resultTitle`, summary)}
          testId="revaluation-items"
          region
          rowKey="key"
          size="small"
          dataSource={rows}
          pagination={false}
          columns={columns}
          card={(r) => ({
            title: documentName(r),
            subtitle: t(`${K}.directions.${r.direction}`),
            amount: amount(r.amount, r.currency),
            fields: [
              { key: 'booked', label: t(`${K}.columns.booked`), value: euros(r.bookedEur) },
              { key: 'revalued', label: t(`${K}.columns.revalued`), value: euros(r.revaluedEur) },
              { key: 'difference', label: t(`${K}.columns.difference`), value: <Difference euros={r.differenceEur} /> },
            ],
          })}
          totalCard={{ title: t(`${K}.totals`), fields: totals }}
          summary={() => (
            <>
              {totals.map((total) => (
                <Table.Summary.Row key={total.key}>
                  <Table.Summary.Cell index={0} colSpan={5}>
                    {total.label}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {total.value}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ))}
            </>
          )}
        />
      )}
      <Descriptions
        size="small"
        column={1}
        data-testid="revaluation-facts"
        items={[
          ...(rows.length === 0 ? totals.map((x) => ({ key: x.key, label: x.label, children: x.value })) : []),
          {
            key: 'rates',
            label: t(`${K}.ratesUsed`),
            children:
              answer.rates.length === 0 ? (
                t(`${K}.noRates`)
              ) : (
                <Flex vertical data-testid="revaluation-rates">
                  {answer.rates.map((r) => (
                    <span key={r.currency}>{t(`${K}.rateLine`, { currency: r.currency, rate: rateText(r.rate), date: formatDate(r.rate_date) })}</span>
                  ))}
                </Flex>
              ),
          },
          { key: 'reversal', label: t(`${K}.reversalDate`), children: <span data-testid="revaluation-reversal">{formatDate(answer.reversal_date)}</span> },
        ]}
      />
    </Flex>
  );
};

/**
 * Settings › Exchange rates › Revalue foreign balances (superuser, issue 40): the invoices and bills
 * open in other currencies valued at a period end's rates, the difference posted on that day to
 * Exchange gains or losses and reversed the next. It writes to the books, so it asks first.
 */
export const RevaluationCard = () => {
  const { t } = useTranslation();
  const refusalText = useRefusalText();
  const today = localToday();
  const [date, setDate] = useState<string | undefined>(() => lastDayOfPreviousMonth(today));
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RevaluationAnswer | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const run = async () => {
    if (!date) return;
    setBusy(true);
    setAnswer(null);
    setRefused(null);
    try {
      setAnswer(await ratesApi.revalue(date));
    } catch (err) {
      console.warn('Revaluation refused', err);
      setRefused(refusalText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t(`${K}.title`)} data-testid="revaluation" styles={{ title: { whiteSpace: 'normal' } }}>
      <Typography.Paragraph>{t(`${K}.help`)}</Typography.Paragraph>
      <Form layout="vertical" name="revaluation" requiredMark={false} component="div">
        <Flex wrap gap={12} align="flex-end">
          <Form.Item label={t(`${K}.date`)} htmlFor={DATE_ID} style={{ marginBottom: 12, minWidth: 200, flex: '0 1 240px' }}>
            <IsoDatePicker id={DATE_ID} allowClear={false} value={date} max={today} onChange={setDate} />
          </Form.Item>
          <Form.Item style={{ marginBottom: 12 }}>
            <Popconfirm
              title={t(`${K}.confirmTitle`, { date: date ? formatDate(date) : '' })}
              description={<span style={{ display: 'block', maxWidth: 280 }}>{t(`${K}.confirmText`)}</span>}
              okText={t(`${K}.confirmOk`)}
              cancelText={t('buttons.cancel')}
              onConfirm={() => void run()}
              disabled={!date || busy}
            >
              <Button type="primary" loading={busy} disabled={!date} data-testid="revaluation-run">
                {t(`${K}.run`)}
              </Button>
            </Popconfirm>
          </Form.Item>
        </Flex>
      </Form>
      {refused !== null && (
        <Alert
          type="error"
          showIcon
          data-testid="revaluation-refused"
          title={t(`${K}.refused`)}
          description={<Typography.Paragraph style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>{refused}</Typography.Paragraph>}
        />
      )}
      {answer && <RevaluationResult answer={answer} />}
    </Card>
  );
};
