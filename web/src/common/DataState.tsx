import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import './dataState.css';

/**
 * A screen that loads data is in one of four states, and a finance screen must never let one pass
 * for another: loading (a skeleton, no figures and no "nothing here" text), failed (why, in the
 * user's language, and Retry), empty (the answer really was empty) or showing the data. A figure
 * the screen does not know is never drawn as 0,00 €.
 */
export interface LoadState {
  loading: boolean;
  error?: unknown;
  /** Asks again (a query's refetch); the Retry button shows while it runs. */
  retry?: () => unknown;
}

/** Why a load failed, as the user can act on it. */
export type LoadFailure = 'offline' | 'timeout' | 'server' | 'unavailable' | 'forbidden' | 'signedOut' | 'busy' | 'notFound' | 'other';

const byStatus = (status: number): LoadFailure => {
  if (status === 0) return 'offline';
  if (status === 401) return 'signedOut';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 429) return 'busy';
  if (status === 502 || status === 503) return 'unavailable';
  return status >= 500 ? 'server' : 'other';
};

/** Our GraphQL error model's codes (api/platform/graphql/format-error.ts). */
const BY_CODE: Record<string, LoadFailure> = {
  UNAUTHENTICATED: 'signedOut',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'notFound',
  RATE_LIMITED: 'busy',
  SERVICE_UNAVAILABLE: 'unavailable',
  INTERNAL_SERVER_ERROR: 'server',
};

/**
 * The kind of a failed load from whatever failed: a REST call's ApiError (status 0 when no answer
 * came), Apollo's ServerError for an HTTP status, a GraphQL error's code, or fetch's own TypeError
 * when the request never got an answer. The raw message ("Received status code 500") is never shown.
 */
export const loadFailureOf = (err: unknown): LoadFailure => {
  if (err instanceof ApiError) return err.status === 0 && /timeout|timed out/i.test(err.message) ? 'timeout' : byStatus(err.status);
  if (ServerError.is(err) || ServerParseError.is(err)) return byStatus(err.statusCode);
  if (CombinedGraphQLErrors.is(err)) return BY_CODE[String(err.errors[0]?.extensions?.code)] ?? 'other';
  if (err instanceof Error && (err.name === 'TimeoutError' || /timeout|timed out/i.test(err.message))) return 'timeout';
  if (err instanceof TypeError) return 'offline';
  return 'other';
};

/**
 * The failure in place of the data: what went wrong in words the user can act on, and Retry.
 * `title`: a screen's own words for what did not load (the portal's spec text), else a general one.
 */
export const LoadError = ({ error, retry, className, title }: { error: unknown; retry?: () => unknown; className?: string; title?: string }) => {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const reason = loadFailureOf(error);
  const onRetry = () => {
    if (!retry) return;
    setRetrying(true);
    // A retry that fails again shows its own error through the query; its rejection is not news.
    void Promise.resolve()
      .then(retry)
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className={['load-error', className].filter(Boolean).join(' ')}
      data-testid="load-error"
      data-reason={reason}
      title={title ?? t('common.dataState.failed')}
      description={t(`common.dataState.reasons.${reason}`)}
      action={
        retry && (
          <Button size="small" icon={<ReloadOutlined />} loading={retrying} onClick={onRetry} data-testid="load-retry">
            {t('common.dataState.retry')}
          </Button>
        )
      }
    />
  );
};

/** Placeholder lines while nothing is known yet: no figures, no empty text. */
export const LoadingSkeleton = ({ rows = 3 }: { rows?: number }) => {
  const { t } = useTranslation();
  return (
    <div className="load-skeleton" data-testid="load-skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
};

/**
 * One block of a screen (a card, a report): the skeleton while nothing has come, the failure with
 * Retry when nothing came, the empty text only when the answer was empty, else the data.
 */
export const DataState = ({ state, hasData, empty, rows, children }: { state: LoadState; hasData: boolean; empty?: ReactNode; rows?: number; children: ReactNode }) => {
  if (hasData) return <>{children}</>;
  if (state.loading) return <LoadingSkeleton rows={rows} />;
  if (state.error) return <LoadError error={state.error} retry={state.retry} />;
  return <>{empty ?? children}</>;
};

/**
 * An antd Table's `loading` and `locale.emptyText` for its load state: with no rows, a skeleton
 * while loading (antd would fade the empty text under its spinner), the failure with Retry, or the
 * empty text once the answer was empty; with rows, the spinner of a refresh over them.
 * `errorShown`: the screen already shows this failure above (one Retry per screen).
 */
export const tableState = (
  state: LoadState,
  rows: readonly unknown[] | undefined,
  empty: ReactNode,
  { errorShown = false }: { errorShown?: boolean } = {},
): { loading: boolean; locale: { emptyText: ReactNode } } => {
  const some = !!rows && rows.length > 0;
  const emptyText = state.loading ? <LoadingSkeleton /> : state.error ? errorShown ? <NotLoaded /> : <LoadError error={state.error} retry={state.retry} /> : empty;
  return { loading: some && state.loading, locale: { emptyText } };
};

/** In a block whose failure the screen states once above it. */
const NotLoaded = () => {
  const { t } = useTranslation();
  return <span className="load-not-loaded">{t('common.dataState.notLoaded')}</span>;
};

/** A figure that has not come (still loading or failed): a dash, never 0,00 €. */
export const UNKNOWN_FIGURE = '—';
