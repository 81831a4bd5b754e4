import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const valid = (v: string | null): v is string => !!v && ISO.test(v) && dayjs(v).isValid();

/** The period of a statement, kept in the URL (?from=&to=) so reloads and shared links keep it; default the current year. */
export const usePeriod = (now = dayjs(), unit: 'year' | 'quarter' = 'year') => {
  const [params, setParams] = useSearchParams();
  // A VAT return's usual period is the calendar quarter.
  const start = unit === 'year' ? now.startOf('year') : now.startOf('month').month(Math.floor(now.month() / 3) * 3);
  const end = unit === 'year' ? now.endOf('year') : start.add(2, 'month').endOf('month');
  const from = valid(params.get('from')) ? params.get('from')! : start.format('YYYY-MM-DD');
  const to = valid(params.get('to')) ? params.get('to')! : end.format('YYYY-MM-DD');
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
