import { Alert, Button, Card, Descriptions, Flex, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeleton } from '../../common/DataState';
import { formatDate } from '../../common/format';
import { refusalText } from '../accounting/hooks/graphqlErrors';
import { IsoDatePicker } from '../common/IsoDatePicker';
import { AdminPage, PageHeader } from '../common/PageHeader';
import { confirmed, useFeedback } from '../common/useFeedback';
import { SettingsTabs } from './SettingsTabs';
import { useAccountingSettings, useBooksCommands } from './useAccountingSettings';

interface YearRow {
  startYear: number;
  from: string;
  to: string;
  closed: boolean;
}

/** Ended fiscal years shown for closing: the last three, plus every closed one. */
const YEARS_SHOWN = 3;

/** The period lock, the fiscal year's first month and the year-end close (superuser). */
export const AccountingSettingsPage = () => {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const { settings, loading, error, refetch } = useAccountingSettings();
  const commands = useBooksCommands();
  const [lockDate, setLockDate] = useState<string | null | undefined>(undefined);
  const [month, setMonth] = useState<number | undefined>(undefined);
  const [reopening, setReopening] = useState<YearRow | null>(null);
  const [reason, setReason] = useState('');

  const months = useMemo(() => {
    // dayjs follows the language and names a month on its own in the nominative.
    return Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: dayjs(new Date(2001, i, 1)).format('MMMM') }));
  }, [i18n.language]);

  const years = useMemo<YearRow[]>(() => {
    if (!settings) return [];
    const current = Number(settings.currentFiscalYear.from.slice(0, 4));
    const closed = new Map(settings.closedYears.map((y) => [Number(y.from.slice(0, 4)), y]));
    const starts = new Set([...Array.from({ length: YEARS_SHOWN }, (_, i) => current - 1 - i), ...closed.keys()]);
    const mm = String(settings.fiscalYearStartMonth).padStart(2, '0');
    return [...starts]
      .sort((a, b) => b - a)
      .map((startYear) => {
        const c = closed.get(startYear);
        if (c) return { startYear, from: c.from, to: c.to, closed: true };
        const from = `${startYear}-${mm}-01`;
        const end = new Date(Date.UTC(startYear + 1, settings.fiscalYearStartMonth - 1, 0));
        return { startYear, from, to: end.toISOString().slice(0, 10), closed: false };
      });
  }, [settings]);
  const latestClosed = years.find((y) => y.closed);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      feedback.success(done);
      return true;
    } catch (err) {
      feedback.error(refusalText(err));
      return false;
    }
  };

  const period = (y: { from: string; to: string }) => t('admin.settings.books.period', { from: formatDate(y.from), to: formatDate(y.to) });
  const currentLock = lockDate === undefined ? (settings?.lockedThrough ?? null) : lockDate;
  const currentMonth = month ?? settings?.fiscalYearStartMonth;

  return (
    <AdminPage testId="admin-accounting-settings">
      <PageHeader title={t('admin.settings.title')} />
      <SettingsTabs />
      {loading && !settings ? (
        <LoadingSkeleton rows={8} />
      ) : error && !settings ? (
        <LoadError error={error} retry={refetch} />
      ) : settings ? (
        <Flex vertical gap={16}>
          <Card title={t('admin.settings.books.lockTitle')} className="admin-settings-card">
            <Descriptions column={1} size="small" className="admin-toolbar">
              <Descriptions.Item label={t('admin.settings.books.status')}>
                <span data-testid="books-lock-status">{settings.lockedThrough ? t('admin.settings.books.lockedUpTo', { date: formatDate(settings.lockedThrough) }) : t('admin.settings.books.notLocked')}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.settings.books.currentYear')}>{period(settings.currentFiscalYear)}</Descriptions.Item>
            </Descriptions>
            {settings.unreconciledLinesThroughLock > 0 && (
              <Alert type="warning" showIcon className="admin-toolbar" data-testid="books-unreconciled" title={t('admin.settings.books.unreconciledLines', { count: settings.unreconciledLinesThroughLock })} />
            )}
            <Form layout="vertical" name="books-lock">
              <Form.Item label={t('admin.settings.books.lockDate')} extra={t('admin.settings.books.lockHelp')} htmlFor="books-lock-date">
                <Flex gap={8} wrap>
                  <div className="admin-books-date">
                    <IsoDatePicker id="books-lock-date" value={currentLock} onChange={(v) => setLockDate(v ?? null)} />
                  </div>
                  <Button
                    type="primary"
                    loading={commands.busy}
                    disabled={currentLock === settings.lockedThrough}
                    onClick={() => void run(() => commands.setLock(currentLock), t('admin.settings.books.lockSaved')).then((ok) => ok && setLockDate(undefined))}
                  >
                    {t('admin.settings.books.saveLock')}
                  </Button>
                </Flex>
              </Form.Item>
              <Form.Item label={t('admin.settings.books.firstMonth')} extra={t('admin.settings.books.firstMonthHelp')} htmlFor="books-first-month">
                <Flex gap={8} wrap>
                  <Select id="books-first-month" style={{ width: 220, maxWidth: '100%' }} options={months} value={currentMonth} onChange={(v: number) => setMonth(v)} />
                  <Button
                    loading={commands.busy}
                    disabled={currentMonth === settings.fiscalYearStartMonth}
                    onClick={() => void run(() => commands.setStartMonth(currentMonth!), t('admin.settings.books.monthSaved')).then((ok) => ok && setMonth(undefined))}
                  >
                    {t('buttons.save')}
                  </Button>
                </Flex>
              </Form.Item>
            </Form>
          </Card>
          <Card title={t('admin.settings.books.closeTitle')} className="admin-settings-card">
            <Typography.Paragraph>{t('admin.settings.books.closeHelp')}</Typography.Paragraph>
            <Flex vertical role="list" aria-label={t('admin.settings.books.fiscalYear')}>
              {years.map((y) => (
                <Flex key={y.startYear} role="listitem" data-testid="books-year" className="admin-books-year" justify="space-between" align="center" wrap gap={8}>
                  <span className="admin-books-period">
                    <span>{formatDate(y.from)} –</span> <span>{formatDate(y.to)}</span>
                  </span>
                  <Flex gap={8} align="center">
                    {y.closed ? <Tag color="blue">{t('admin.settings.books.closed')}</Tag> : <Tag>{t('admin.settings.books.open')}</Tag>}
                    {y.closed && y === latestClosed && (
                      <Button
                        size="small"
                        danger
                        onClick={() => {
                          setReason('');
                          setReopening(y);
                        }}
                      >
                        {t('admin.settings.books.reopen')}
                      </Button>
                    )}
                    {!y.closed && (!latestClosed || y.startYear > latestClosed.startYear) && (
                      <Button
                        size="small"
                        type="primary"
                        loading={commands.busy}
                        onClick={() => {
                          if (confirmed(t('admin.settings.books.confirmClose', { period: period(y) }))) void run(() => commands.close(y.startYear), t('admin.settings.books.closedDone', { period: period(y) }));
                        }}
                      >
                        {t('admin.settings.books.close')}
                      </Button>
                    )}
                  </Flex>
                </Flex>
              ))}
            </Flex>
          </Card>
        </Flex>
      ) : null}
      <Modal
        open={reopening !== null}
        title={reopening ? t('admin.settings.books.reopenTitle', { period: period(reopening) }) : ''}
        okText={t('admin.settings.books.reopen')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: commands.busy }}
        onCancel={() => setReopening(null)}
        onOk={() => {
          const y = reopening!;
          void run(() => commands.reopen(y.startYear, reason.trim()), t('admin.settings.books.reopenedDone', { period: period(y) })).then((ok) => ok && setReopening(null));
        }}
      >
        <Typography.Paragraph>{t('admin.settings.books.reopenHelp')}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('admin.settings.books.reason')} required htmlFor="books-reopen-reason">
            <Input.TextArea id="books-reopen-reason" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </AdminPage>
  );
};
