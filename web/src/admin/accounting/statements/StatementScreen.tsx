import { Alert, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../common/useFeedback';
import type { StatementModel } from './model';
import { StatementView } from './StatementView';

/** Shared frame of the three statements: title, period line, 'Loading...' while fetching, failures logged and notified. */
export const StatementScreen = ({
  testId,
  title,
  periodText,
  toolbar,
  model,
  loading,
  error,
  ledgerSearch,
  footer,
  body,
}: {
  testId: string;
  title: string;
  periodText: string;
  toolbar: React.ReactNode;
  model: StatementModel | undefined;
  loading: boolean;
  error: unknown;
  ledgerSearch: string;
  footer?: React.ReactNode;
  /** Shown instead of a statement model (the income statement's monthly or quarterly columns). */
  body?: React.ReactNode;
}) => {
  const { t } = useTranslation();
  const feedback = useFeedback();
  useEffect(() => {
    if (error) feedback.logged(error, `Failed to fetch ${testId}`);
  }, [error, feedback, testId]);
  return (
    <section className="accounting-statement" data-testid={testId}>
      <Typography.Title level={2} className="statement-title">
        {title}
      </Typography.Title>
      <Typography.Paragraph className="admin-muted">{periodText}</Typography.Paragraph>
      {toolbar}
      {body ? (
        body
      ) : loading && !model ? (
        <p data-testid="statement-loading">{t('common.loading')}</p>
      ) : model ? (
        <>
          <StatementView model={model} ledgerSearch={ledgerSearch} />
          {footer}
        </>
      ) : error ? (
        <Alert type="warning" showIcon title={t('admin.accounting.loadFailed')} />
      ) : null}
    </section>
  );
};
