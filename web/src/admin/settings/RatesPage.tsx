import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ECB_CURRENCIES } from '../../../../domain/currency/currencies';
import { MAX_RATE, RATE_DECIMALS, RATE_NOT_A_NUMBER, RATE_REQUIRED, RATE_NOT_POSITIVE, RATE_TOO_LARGE, RATE_TOO_MANY_DECIMALS } from '../../../../domain/currency/rate-texts';
import { FIELD_REQUIRED } from '../../../../domain/shared/errors';
import { ApiError } from '../../api/http';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { formatDate, localToday } from '../../common/format';
import { ResponsiveTable } from '../../common/ResponsiveTable';
import { RowActions } from '../../common/RowActions';
import { ScrollRegion } from '../../common/ScrollRegion';
import { useIsPhone } from '../../common/useIsPhone';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { splitRefusal } from '../common/refusal';
import { knownServerText } from '../common/serverTexts';
import { confirmed, errorText, useFeedback } from '../common/useFeedback';
import { ratesApi, type ExchangeRateView, type RateFilter, type RateImportAnswer } from './ratesApi';
import { RevaluationCard } from './RevaluationCard';
import { SettingsTabs } from './SettingsTabs';
import { useRateText } from './useRateText';

const HISTORY_PAGE_SIZE = 50;
const K = 'admin.settings.rates';

/** The currencies a rate may be entered or looked up for, each with its name in the reader's language. */
const useCurrencyOptions = (): { value: string; label: string }[] => {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'currency' });
    return ECB_CURRENCIES.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
  }, [i18n.language]);
};

/** One REST read, read again when `deps` change or on Retry; the last answer stays shown while the next loads. */
const useLoaded = <T,>(load: () => Promise<T>, deps: readonly unknown[]) => {
  const [state, setState] = useState<{ data?: T; loading: boolean; error?: unknown }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState((s) => ({ ...s, loading: false, error })),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; what it reads is in `deps`.
  }, [...deps, attempt]);
  return { ...state, retry: () => setAttempt((a) => a + 1) };
};

/** Where a rate came from; an ECB rate a manual one replaces on its day says so beside it. */
const SourceTag = ({ rate }: { rate: ExchangeRateView }) => {
  const { t } = useTranslation();
  return (
    // The tag keeps its height beside a note of two lines.
    <span className="admin-badges" style={{ alignItems: 'flex-start' }}>
      <Tag color={rate.source === 'manual' ? 'purple' : 'blue'}>{t(`${K}.sources.${rate.source}`)}</Tag>
      {/* Wrapped under a width of its own: on one line it would push the history's Remove out of sight. */}
      {rate.superseded && (
        <span className="admin-muted" style={{ maxWidth: '12em' }}>
          {t(`${K}.replaced`)}
        </span>
      )}
    </span>
  );
};

/** Each currency's newest rate in effect: what a document dated today would use. */
const LatestRates = ({ version }: { version: number }) => {
  const { t } = useTranslation();
  const rateText = useRateText();
  const phone = useIsPhone();
  const { data, loading, error, retry } = useLoaded(() => ratesApi.latest(), [version]);
  const rate = (r: ExchangeRateView) => <span className="admin-amount">{rateText(r.rate)}</span>;
  const day = (r: ExchangeRateView) => <span className="admin-nowrap">{formatDate(r.date)}</span>;
  // A phone has room for two columns, not four: the day goes under the currency, the source under the rate.
  const columns: TableColumnsType<ExchangeRateView> = phone
    ? [
        { key: 'currency', title: t(`${K}.currency`), render: (_, r) => <Flex vertical><strong>{r.currency}</strong><span className="admin-muted">{day(r)}</span></Flex> },
        { key: 'rate', title: t(`${K}.rate`), align: 'right', render: (_, r) => <Flex vertical align="flex-end" gap={2}>{rate(r)}<SourceTag rate={r} /></Flex> },
      ]
    : [
        { key: 'currency', title: t(`${K}.currency`), render: (_, r) => <strong>{r.currency}</strong> },
        { key: 'rate', title: t(`${K}.rate`), align: 'right', render: (_, r) => rate(r) },
        { key: 'date', title: t(`${K}.date`), render: (_, r) => day(r) },
        { key: 'source', title: t(`${K}.source`), render: (_, r) => <SourceTag rate={r} /> },
      ];
  return (
    <Card title={t(`${K}.latest.title`)} data-testid="rates-latest" styles={{ title: { whiteSpace: 'normal' } }}>
      {error !== undefined && <LoadError error={error} retry={retry} />}
      {loading && !data ? (
        <LoadingSkeleton rows={6} />
      ) : data ? (
        // Should a language's long month still not fit, the table scrolls inside its card, not the page.
        <ScrollRegion label={t(`${K}.latest.title`)}>
          <Table<ExchangeRateView> size="small" rowKey="currency" dataSource={data} pagination={false} loading={loading} locale={{ emptyText: t(`${K}.latest.empty`) }} columns={columns} />
        </ScrollRegion>
      ) : null}
    </Card>
  );
};

type ImportOutcome = { answer: RateImportAnswer; name: string } | { refused: string[]; name: string } | null;

/**
 * Drop or choose one of the ECB's files: it goes to the server as it is, and the answer is shown
 * here: what it held and what changed, or the server's refusal as it words it (English, naming the
 * line and column), since that names the place in the file to look at.
 */
const RateImport = ({ onImported }: { onImported: () => void }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome>(null);

  const send = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ answer: await ratesApi.importFile(file), name: file.name });
      onImported();
    } catch (err) {
      console.warn('Rate file refused', err);
      const messages = err instanceof ApiError ? (err.errors?.file ?? Object.values(err.errors ?? {}).flat()) : [];
      setOutcome({ refused: messages.length ? messages : [errorText(err)], name: file.name });
    } finally {
      setBusy(false);
    }
  };

  const held = (a: RateImportAnswer) =>
    a.from === a.to
      ? t(`${K}.import.day`, { date: formatDate(a.from), rates: a.rates, currencies: a.currencies.length })
      : t(`${K}.import.period`, { from: formatDate(a.from), to: formatDate(a.to), rates: a.rates, currencies: a.currencies.length });

  return (
    <Card title={t(`${K}.import.title`)} data-testid="rates-import" styles={{ title: { whiteSpace: 'normal' } }}>
      <Flex vertical gap={12}>
        <Upload.Dragger
          accept=".xml,.csv"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{busy ? t(`${K}.import.importing`) : t(`${K}.import.drop`)}</p>
          <p className="ant-upload-hint">{t(`${K}.import.formats`)}</p>
        </Upload.Dragger>
        {outcome && 'answer' in outcome && (
          <Alert
            type="success"
            showIcon
            data-testid="rates-import-result"
            title={t(`${K}.import.done`, { name: outcome.name })}
            description={
              <>
                <div>{held(outcome.answer)}</div>
                <div data-testid="rates-import-counts">{t(`${K}.import.counts`, { added: outcome.answer.added, changed: outcome.answer.changed, unchanged: outcome.answer.unchanged })}</div>
              </>
            }
          />
        )}
        {outcome && 'refused' in outcome && (
          <Alert
            type="error"
            showIcon
            data-testid="rates-import-refused"
            title={t(`${K}.import.refused`, { name: outcome.name })}
            description={outcome.refused.map((m) => (
              <Typography.Paragraph key={m} style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>
                {m}
              </Typography.Paragraph>
            ))}
          />
        )}
      </Flex>
    </Card>
  );
};

/** What the entry form edits, under the wire's own names, so a 400's field errors land on their fields as they are. */
interface RateValues {
  date?: string;
  currency?: string;
  rate?: string;
}
const RATE_FIELDS = ['date', 'currency', 'rate'] as const;

/** The domain's refusals of a rate (domain/currency/rate.ts), each with its key in the screen's language; another text is shown as the server wrote it. */
const RATE_TEXT_KEYS: Record<string, string> = {
  [FIELD_REQUIRED]: 'admin.validation.required',
  [RATE_REQUIRED]: `${K}.errors.rateRequired`,
  [RATE_NOT_A_NUMBER]: `${K}.errors.notANumber`,
  [RATE_NOT_POSITIVE]: `${K}.errors.notPositive`,
  [RATE_TOO_MANY_DECIMALS]: `${K}.errors.tooManyDecimals`,
  [RATE_TOO_LARGE]: `${K}.errors.tooLarge`,
};

/** A rate typed in by hand for one currency and day; it wins over the ECB's rate of that day. */
const RateEntry = ({ onSaved }: { onSaved: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const rateText = useRateText();
  const currencies = useCurrencyOptions();
  const [form] = Form.useForm<RateValues>();
  const currency = Form.useWatch('currency', form);
  const [busy, setBusy] = useState(false);
  const required = { required: true, message: t('admin.validation.required') };

  const save = async (values: RateValues) => {
    setBusy(true);
    try {
      // A decimal comma is how el and ru write it; the wire takes the ECB's dot.
      const saved = await ratesApi.save({ date: values.date ?? '', currency: values.currency ?? '', rate: (values.rate ?? '').trim().replace(',', '.') });
      feedback.success(t(`${K}.entry.saved`, { currency: saved.currency, rate: rateText(saved.rate), date: formatDate(saved.date) }));
      form.resetFields(['rate']);
      onSaved();
    } catch (err) {
      const limits = { decimals: RATE_DECIMALS, max: rateText(MAX_RATE) };
      const { fields, rest } = splitRefusal(
        { fieldErrors: err instanceof ApiError && err.status === 400 ? (err.errors ?? {}) : {}, fallback: errorText(err) },
        RATE_FIELDS,
        (path) => path,
        (m) => knownServerText(m, (key) => t(key, limits), { texts: RATE_TEXT_KEYS }) ?? m,
      );
      form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as keyof RateValues, errors })));
      if (rest.length) feedback.error(rest.join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t(`${K}.entry.title`)} data-testid="rates-entry" styles={{ title: { whiteSpace: 'normal' } }}>
      <Typography.Paragraph>{t(`${K}.entry.help`)}</Typography.Paragraph>
      <Form<RateValues> form={form} name="rate-entry" layout="vertical" initialValues={{ date: localToday() }} onFinish={(v) => void save(v)} requiredMark={false}>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="date" label={t(`${K}.date`)} rules={[required]}>
              <IsoDatePicker allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="currency" label={t(`${K}.currency`)} rules={[required]}>
              <Select showSearch={{ optionFilterProp: 'label' }} options={currencies} placeholder={t(`${K}.entry.currencyPlaceholder`)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="rate" label={t(`${K}.entry.rate`)} rules={[required]}>
              {/* The currency chosen reads after the figure ("1.0856 USD"); a suffix always there keeps the input from being remounted as it appears. */}
              <Input inputMode="decimal" autoComplete="off" placeholder={t(`${K}.entry.ratePlaceholder`)} suffix={<span aria-hidden>{currency ?? ''}</span>} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="rates-save">
          {t(`${K}.entry.save`)}
        </Button>
      </Form>
    </Card>
  );
};

type HistoryRow = ExchangeRateView & { key: string };

/** The rates as stored, newest first, a page at a time; a manual one can be removed, which lets the ECB's apply again. */
const RateHistory = ({ version, onRemoved }: { version: number; onRemoved: () => void }) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const rateText = useRateText();
  const currencies = useCurrencyOptions();
  const [filter, setFilter] = useState<RateFilter>({});
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<string | null>(null);
  const { data, loading, error, retry } = useLoaded(
    () => ratesApi.list(filter, HISTORY_PAGE_SIZE, (page - 1) * HISTORY_PAGE_SIZE),
    [filter, page, version],
  );
  // A day has two rows of a currency when a manual rate replaces the ECB's.
  const rows = useMemo<HistoryRow[]>(() => (data?.items ?? []).map((r) => ({ ...r, key: `${r.currency} ${r.date} ${r.source}` })), [data]);

  const refine = (change: RateFilter) => {
    setFilter((f) => ({ ...f, ...change }));
    setPage(1);
  };

  const remove = async (r: ExchangeRateView) => {
    const values = { currency: r.currency, date: formatDate(r.date), rate: rateText(r.rate) };
    if (!confirmed(t(`${K}.history.confirmRemove`, values))) return;
    setRemoving(`${r.currency} ${r.date}`);
    try {
      await ratesApi.remove(r.currency, r.date);
      feedback.success(t(`${K}.history.removed`, values));
      onRemoved();
    } catch (err) {
      console.warn('Removing a rate refused', err);
      feedback.error(errorText(err));
    } finally {
      setRemoving(null);
    }
  };

  // Shown muted: a superseded rate is not the one in effect on its day.
  const muted = (r: ExchangeRateView, text: string, className = '') => <span className={[className, r.superseded ? 'admin-muted' : ''].filter(Boolean).join(' ') || undefined}>{text}</span>;
  const actions = (r: ExchangeRateView) =>
    r.source === 'manual' ? (
      <RowActions
        actions={[
          {
            key: 'remove',
            label: t(`${K}.history.remove`),
            ariaLabel: t(`${K}.history.removeNamed`, { currency: r.currency, date: formatDate(r.date) }),
            inline: true,
            danger: true,
            loading: removing === `${r.currency} ${r.date}`,
            onClick: () => void remove(r),
            testId: 'rate-remove',
          },
        ]}
      />
    ) : null;

  return (
    <Card title={t(`${K}.history.title`)} data-testid="rates-history" styles={{ title: { whiteSpace: 'normal' } }}>
      {/* On a phone each field takes a row of its own: two dates side by side would cut their placeholders. */}
      <Form layout="vertical" name="rates-filter">
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item label={t(`${K}.currency`)} htmlFor="rates-filter-currency" style={{ marginBottom: 12 }}>
              <Select
                id="rates-filter-currency"
                showSearch={{ optionFilterProp: 'label' }}
                value={filter.currency ?? ''}
                onChange={(currency: string) => refine({ currency: currency || undefined })}
                options={[{ value: '', label: t(`${K}.history.allCurrencies`) }, ...currencies]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label={t(`${K}.history.from`)} htmlFor="rates-filter-from" style={{ marginBottom: 12 }}>
              <IsoDatePicker id="rates-filter-from" value={filter.from} max={filter.to} onChange={(from) => refine({ from })} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label={t(`${K}.history.to`)} htmlFor="rates-filter-to" style={{ marginBottom: 12 }}>
              <IsoDatePicker id="rates-filter-to" value={filter.to} min={filter.from} onChange={(to) => refine({ to })} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <ResponsiveTable<HistoryRow>
        label={t(`${K}.history.title`)}
        testId="rates-history-list"
        region
        rowKey="key"
        size="small"
        dataSource={rows}
        state={{ loading, error, retry }}
        pagination={{ current: page, pageSize: HISTORY_PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: t(`${K}.history.empty`) }}
        card={(r) => ({
          title: muted(r, r.currency),
          subtitle: formatDate(r.date),
          amount: muted(r, rateText(r.rate)),
          status: <SourceTag rate={r} />,
          actions: actions(r),
        })}
        columns={[
          { key: 'date', title: t(`${K}.date`), render: (_, r) => muted(r, formatDate(r.date), 'admin-nowrap') },
          { key: 'currency', title: t(`${K}.currency`), render: (_, r) => muted(r, r.currency) },
          { key: 'rate', title: t(`${K}.rate`), align: 'right', render: (_, r) => muted(r, rateText(r.rate), 'admin-amount') },
          { key: 'source', title: t(`${K}.source`), render: (_, r) => <SourceTag rate={r} /> },
          { key: 'actions', title: t('admin.fields.actions'), render: (_, r) => actions(r) },
        ]}
      />
    </Card>
  );
};

/**
 * Settings › Exchange rates (superuser): the rates the books convert documents in other currencies
 * with, the ECB's imported from its files and rates entered by hand, which win on their day.
 */
export const RatesPage = () => {
  const { t } = useTranslation();
  // Bumped after an import, a save or a removal: the latest rates and the history are read again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  return (
    <AdminPage testId="admin-rates">
      <PageHeader title={t('admin.settings.title')} />
      <SettingsTabs />
      <Typography.Paragraph>{t(`${K}.intro`)}</Typography.Paragraph>
      {/* The latest rates run long (one row a currency): the forms and the history stand beside them where both fit (xl). */}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <LatestRates version={version} />
        </Col>
        <Col xs={24} xl={14}>
          <Flex vertical gap={16}>
            <RateImport onImported={changed} />
            <RateEntry onSaved={changed} />
            <RevaluationCard />
            <RateHistory version={version} onRemoved={changed} />
          </Flex>
        </Col>
      </Row>
    </AdminPage>
  );
};
