import { useCallback, useEffect, useState } from 'react';
import { billApi, type BillStatus, type BillView } from './billApi';

/** The bills of one status (or all), newest first, asked again by `reload` after each write. */
export const useBills = (status: BillStatus | 'all') => {
  const [state, setState] = useState<{
    bills?: BillView[];
    loading: boolean;
    error?: unknown;
  }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ bills: s.bills, loading: true }));
    billApi.list(status).then(
      (bills) => live && setState({ bills, loading: false }),
      (error: unknown) => live && setState({ loading: false, error }),
    );
    return () => {
      live = false;
    };
  }, [status, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // The list of another status is not shown while this one loads: no row passes for the filter's.
  return { ...state, reload };
};
