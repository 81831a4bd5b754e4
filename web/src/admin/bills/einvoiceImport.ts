import { ApiError } from '../../api/http';
import { formatDate } from '../../common/format';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * Why an e-invoice was not imported: each problem the server found in it (EN 16931 rule ids and
 * texts as the official rules word them, or the element and its line), the supplier's number
 * already entered, or a failure that is not the file's.
 */
export type ImportRefusal = { kind: 'invalid'; problems: string[] } | { kind: 'duplicate'; text: string } | { kind: 'failed'; text: string };

/** The server's 409 (api/purchases/bill.service.ts `duplicateBillNumber`), read back for its number and date. */
const DUPLICATE = /^This supplier's invoice (.+) is already entered, as the bill dated (\d{4}-\d{2}-\d{2})\.$/;

export const importRefusal = (err: unknown, t: Translate): ImportRefusal => {
  if (!(err instanceof ApiError)) return { kind: 'failed', text: err instanceof Error ? err.message : String(err) };
  if (err.status === 409) {
    const known = DUPLICATE.exec(err.message);
    return {
      kind: 'duplicate',
      text: known ? t('admin.bills.errors.duplicate', { number: known[1], date: formatDate(known[2]!) }) : t('admin.bills.errors.duplicateNumber'),
    };
  }
  if (err.status === 400) {
    const problems = err.errors?.file ?? Object.values(err.errors ?? {}).flat();
    return { kind: 'invalid', problems: problems.length ? problems : [err.message] };
  }
  return { kind: 'failed', text: err.status === 0 ? t('notifications.requestFailed') : err.message };
};
