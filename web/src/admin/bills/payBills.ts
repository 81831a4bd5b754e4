import { PAYMENT_BEFORE_BILL, paymentAboveOpen } from '../../../../domain/bill/bill';
import { parseEuros } from '../../../../domain/shared/money';
import { ApiError } from '../../api/http';
import { formatDate, formatMoney } from '../../common/format';
import type { BillView } from './billApi';
import { SERVER_TEXT_KEYS } from './billErrors';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** A bill can be paid while it is posted and not paid in full (a credit note is refunded, one at a time, never paid). */
export const payable = (b: BillView): boolean => b.document_type !== 'credit_note' && (b.status === 'open' || b.status === 'partly_paid');

export const centsOf = (euros: number | null | undefined): number => {
  if (euros === null || euros === undefined) return 0;
  const parsed = parseEuros(euros);
  return parsed.ok ? parsed.value : 0;
};

export interface PayBillsValues {
  date: string;
  moneyAccount: string;
  reference?: string;
  /** One amount per chosen bill, in the order they are listed. */
  payments: Array<{ amount: number | null }>;
}

/** What `POST /api/bills/payments/` takes: each bill with the amount typed for it. */
export const payBillsBody = (v: PayBillsValues, bills: readonly BillView[]) => ({
  money_account: v.moneyAccount,
  date: v.date,
  reference: v.reference?.trim() || null,
  payments: bills.map((b, i) => ({ bill: b.id, amount: v.payments[i]?.amount ?? 0 })),
});

/** The sum to pay, in cents (each amount as the server reads it). */
export const payBillsTotalCents = (v: Partial<PayBillsValues> | undefined): number => (v?.payments ?? []).reduce((s, p) => s + centsOf(p?.amount), 0);

/** The earliest day all the bills can be paid on: none is paid before it is dated. */
export const earliestPaymentDate = (bills: readonly BillView[]): string => bills.reduce((d, b) => (b.date > d ? b.date : d), '');

/** The open amount (cents) a refusal "more than … still open" names, read back from the domain's own wording; null for any other text. */
export const openNamedIn = (message: string): number | null => {
  const a = paymentAboveOpen(0);
  const b = paymentAboveOpen(987_654);
  let pre = 0;
  while (a[pre] === b[pre]) pre++;
  let post = 0;
  while (a[a.length - 1 - post] === b[b.length - 1 - post]) post++;
  if (message.length <= pre + post || !message.startsWith(a.slice(0, pre)) || !message.endsWith(a.slice(a.length - post))) return null;
  // Always two decimals: its digits are the cents, whatever the separators.
  const digits = message.slice(pre, message.length - post).replace(/\D/g, '');
  const cents = Number(digits);
  return digits && Number.isSafeInteger(cents) && paymentAboveOpen(cents) === message ? cents : null;
};

export interface PayBillsRefusal {
  /** The dialog's own fields (date, money account, each bill's amount) and their texts. */
  fields: Array<{ name: Array<string | number>; errors: string[] }>;
  /** Texts about a bill itself (gone, not posted, already paid), by its place in the list. */
  bills: Record<number, string[]>;
  /** What belongs to no field, for above the form. */
  rest: string[];
}

/**
 * The server's refusal of a batch in the screen's language, each text where it belongs: under the
 * date or the money account, under a bill's amount (more than it has open names that amount) or
 * under the bill's row; a text the domain does not name is shown as the server wrote it.
 */
export const payBillsRefusal = (err: unknown, t: Translate, bills: readonly BillView[]): PayBillsRefusal => {
  const out: PayBillsRefusal = { fields: [], bills: {}, rest: [] };
  if (!(err instanceof ApiError)) {
    out.rest.push(err instanceof Error ? err.message : String(err));
    return out;
  }
  const text = (message: string): string => {
    // The open amount the server names: another payment may have been recorded since the list was read.
    const open = openNamedIn(message);
    if (open !== null) return t('admin.bills.errors.aboveOpen', { amount: formatMoney(open) });
    if (message === PAYMENT_BEFORE_BILL) {
      const latest = earliestPaymentDate(bills);
      if (latest) return t('admin.bills.errors.paymentBeforeBill', { date: formatDate(latest) });
    }
    const key = SERVER_TEXT_KEYS[message];
    return key ? t(key) : message;
  };
  const field = (name: Array<string | number>, texts: string[]) => {
    const known = out.fields.find((f) => f.name.join('.') === name.join('.'));
    if (known) known.errors.push(...texts.filter((x) => !known.errors.includes(x)));
    else out.fields.push({ name, errors: [...new Set(texts)] });
  };
  for (const [path, messages] of Object.entries(err.errors ?? {})) {
    const row = /^payments\.(\d+)\.(\w+)$/.exec(path);
    const bill = row ? bills[Number(row[1])] : undefined;
    const texts = messages.map(text);
    if (row && bill && row[2] === 'amount') field(['payments', Number(row[1]), 'amount'], texts);
    else if (row && bill) out.bills[Number(row[1])] = [...new Set([...(out.bills[Number(row[1])] ?? []), ...texts])];
    else if (path === 'date') field(['date'], texts);
    else if (path === 'money_account') field(['moneyAccount'], texts);
    else out.rest.push(...texts.filter((x) => !out.rest.includes(x)));
  }
  if (out.fields.length === 0 && out.rest.length === 0 && Object.keys(out.bills).length === 0) {
    if (err.status === 404) out.rest.push(t('admin.bills.errors.notFound'));
    else out.rest.push(text(err.message));
  }
  return out;
};
