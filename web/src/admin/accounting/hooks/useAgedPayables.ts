import { useCallback, useEffect, useState } from 'react';
import { http } from '../../../api/http';

type Buckets = { current: number; days_1_30: number; days_31_60: number; days_61_90: number; over_90: number; total: number; credit_balance: number };
/** A supplier's line of `GET /api/reports/aged-payables/` (euros); `supplier_id` null is what Accounts Payable holds beyond bills. */
export type AgedPayablesLine = Buckets & { supplier_id: string | null; supplier: string | null };
/** `GET /api/reports/aged-payables/?as_of=`: what each supplier is owed as of a day, netting to Accounts Payable. */
export interface AgedPayablesWire {
  as_of: string;
  suppliers: AgedPayablesLine[];
  totals: Buckets & { net: number };
}

/** The aged payables of a day, asked again when the day changes or on `retry`. */
export const useAgedPayables = (asOf: string) => {
  const [state, setState] = useState<{ report?: AgedPayablesWire; loading: boolean; error?: unknown }>({ loading: true });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ loading: true });
    http.get<AgedPayablesWire>(`/api/reports/aged-payables/?${new URLSearchParams({ as_of: asOf })}`).then(
      (report) => live && setState({ report, loading: false }),
      (error: unknown) => live && setState({ loading: false, error }),
    );
    return () => {
      live = false;
    };
  }, [asOf, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
};
