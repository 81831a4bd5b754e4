import { useQuery } from '@apollo/client/react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNTING_SETTINGS } from '../../settings/graphql/queries/accountingSettings';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const valid = (v: string | null): v is string => !!v && ISO.test(v) && dayjs(v).isValid();

/**
 * The period of a statement, kept in the URL (?from=&to=) so reloads and shared links keep it;
 * default the current fiscal year (its first month is in the accounting settings; the calendar
 * year until they have loaded), or the calendar quarter (a VAT return's usual period).
 */
export const usePeriod = (now = dayjs(), unit: 'year' | 'quarter' = 'year') => {
  const [params, setParams] = useSearchParams();
  const { data } = useQuery(ACCOUNTING_SETTINGS);
  const fiscal = unit === 'year' ? data?.accountingSettings.currentFiscalYear : undefined;
  const start = unit === 'year' ? now.startOf('year') : now.startOf('month').month(Math.floor(now.month() / 3) * 3);
  const end = unit === 'year' ? now.endOf('year') : start.add(2, 'month').endOf('month');
  const from = valid(params.get('from')) ? params.get('from')! : (fiscal?.from ?? start.format('YYYY-MM-DD'));
  const to = valid(params.get('to')) ? params.get('to')! : (fiscal?.to ?? end.format('YYYY-MM-DD'));
  const setPeriod = (f: string, t: string) =>
    setParams((p) => {
      p.set('from', f);
      p.set('to', t);
      return p;
    });
  return { from, to, setPeriod };
};

/** The as-of day of a balance (?asOf=), default today. */
export const useAsOf = (now = dayjs()) => {
  const [params, setParams] = useSearchParams();
  const asOf = valid(params.get('asOf')) ? params.get('asOf')! : now.format('YYYY-MM-DD');
  const setAsOf = (d: string) =>
    setParams((p) => {
      p.set('asOf', d);
      return p;
    });
  return { asOf, setAsOf };
};

export type Comparison = 'previous_period' | 'previous_year';

/** The comparison of a statement (?compare=previous_period|previous_year), none by default. */
export const useComparison = () => {
  const [params, setParams] = useSearchParams();
  const raw = params.get('compare');
  const compare: Comparison | null = raw === 'previous_period' || raw === 'previous_year' ? raw : null;
  const setCompare = (c: Comparison | null) =>
    setParams((p) => {
      if (c) p.set('compare', c);
      else p.delete('compare');
      return p;
    });
  return { compare, setCompare };
};
