import { Typography } from 'antd';
import { LoadError, LoadingSkeleton } from '../../../common/DataState';
import type { StatementModel } from './model';
import { StatementView } from './StatementView';

/** Shared frame of the three statements: title, period line, a skeleton while fetching, a failure's reason with Retry. */
export const StatementScreen = ({
  testId,
  title,
  periodText,
  toolbar,
  model,
  loading,
  error,
  retry,
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
  retry?: () => unknown;
  ledgerSearch: string;
  footer?: React.ReactNode;
  /** Shown instead of a statement model (the income statement's monthly or quarterly columns). */
  body?: React.ReactNode;
}) => {
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
        <LoadingSkeleton rows={8} />
      ) : model ? (
        <>
          <StatementView model={model} ledgerSearch={ledgerSearch} />
          {footer}
        </>
      ) : error ? (
        <LoadError error={error} retry={retry} />
      ) : null}
    </section>
  );
};
