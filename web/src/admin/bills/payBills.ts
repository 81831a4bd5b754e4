import { PAYMENT_BEFORE_BILL, paymentAboveOpen } from '../../../../domain/bill/bill';
import { parseEuros } from '../../../../domain/shared/money';
import { ApiError } from '../../api/http';
import { EURO, formatDate } from '../../common/format';
import { missingRate } from '../invoices/invoiceCurrency';
import type { BillView } from './billApi';
import { inEnglish, serverText, type FormatAmount } from './billErrors';

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

/** An amount of one currency, in its hundredths. */
export interface CurrencyTotal {
  currency: string;
  cents: number;
}

/**
 * Amounts added up per currency, in the order each currency first comes. Bills in different
 * currencies may be chosen and paid together (the server books each at its own day's rate), so a
 * batch is never summed across currencies: it has one total per currency (euros and dollars are not
 * added up into a figure that is neither).
 */
export const totalsByCurrency = (amounts: ReadonlyArray<{ currency?: string | null; cents: number }>): CurrencyTotal[] => {
  const totals: CurrencyTotal[] = [];
  for (const a of amounts) {
    const currency = a.currency || EURO;
    const known = totals.find((x) => x.currency === currency);
    if (known) known.cents += a.cents;
    else totals.push({ currency, cents: a.cents });
  }
  return totals;
};

/** The sums to pay, one per currency, in cents (each amount as the server reads it, in its bill's currency). */
export const payBillsTotals = (v: Partial<PayBillsValues> | undefined, bills: readonly BillView[]): CurrencyTotal[] =>
  totalsByCurrency(bills.map((b, i) => ({ currency: b.currency, cents: centsOf(v?.payments?.[i]?.amount) })));

/** What the bills have open, one sum per currency. */
export const openTotals = (bills: readonly BillView[]): CurrencyTotal[] => totalsByCurrency(bills.map((b) => ({ currency: b.currency, cents: centsOf(b.open_amount) })));

/** Sums of several currencies as one text: "1.200,00 € + $300.00" (nothing chosen: 0 in euros). */
export const formatTotals = (totals: readonly CurrencyTotal[], money: FormatAmount): string =>
  totals.length ? totals.map((x) => money(x.cents / 100, x.currency)).join(' + ') : money(0, EURO);

/** The earliest day all the bills can be paid on: none is paid before it is dated. */
export const earliestPaymentDate = (bills: readonly BillView[]): string => bills.reduce((d, b) => (b.date > d ? b.date : d), '');

/**
 * The open amount (cents of the bill's currency) a refusal "more than … still open" names, read back
 * from the domain's own wording; null for any other text.
 */
export const openNamedIn = (message: string, currency: string = EURO): number | null => {
  const a = paymentAboveOpen(0, currency);
  const b = paymentAboveOpen(987_654, currency);
  let pre = 0;
  while (a[pre] === b[pre]) pre++;
  let post = 0;
  while (a[a.length - 1 - post] === b[b.length - 1 - post]) post++;
  if (message.length <= pre + post || !message.startsWith(a.slice(0, pre)) || !message.endsWith(a.slice(a.length - post))) return null;
  // Euros always have two decimals, their digits the cents; another currency is written as English
  // writes it (a point before the decimals, a yen amount without them when it has none).
  const figure = message.slice(pre, message.length - post);
  const cents = currency === EURO ? Number(figure.replace(/\D/g, '')) : Math.round(Number(figure.replace(/[^\d.]/g, '')) * 100);
  return /\d/.test(figure) && Number.isSafeInteger(cents) && paymentAboveOpen(cents, currency) === message ? cents : null;
};

export interface PayBillsRefusal {
  /** The dialog's own fields (date, money account, each bill's amount) and their texts. */
  fields: Array<{ name: Array<string | number>; errors: string[] }>;
  /** Texts about a bill itself (gone, not posted, already paid), by its place in the list. */
  bills: Record<number, string[]>;
  /** What belongs to no field, for above the form (an exchange rate missing on the day too: the dialog links to the rates). */
  rest: string[];
  /** Whether an exchange rate of a bill's currency is missing on the day. */
  noRate: boolean;
}

/**
 * The server's refusal of a batch in the screen's language, each text where it belongs: under the
 * date or the money account, under a bill's amount (more than it has open names that amount) or
 * under the bill's row, each amount in its bill's currency written by `money`; a missing exchange rate
 * above the form (the dialog links to the rates); a text the domain does not name as the server wrote it.
 */
export const payBillsRefusal = (err: unknown, t: Translate, bills: readonly BillView[], money: FormatAmount = inEnglish): PayBillsRefusal => {
  const out: PayBillsRefusal = { fields: [], bills: {}, rest: [], noRate: false };
  if (!(err instanceof ApiError)) {
    out.rest.push(err instanceof Error ? err.message : String(err));
    return out;
  }
  const text = (message: string, bill?: BillView): string => {
    // The open amount the server names: another payment may have been recorded since the list was read.
    const currency = bill?.currency || EURO;
    const open = openNamedIn(message, currency);
    if (open !== null) return t('admin.bills.errors.aboveOpen', { amount: money(open / 100, currency) });
    if (message === PAYMENT_BEFORE_BILL) {
      const latest = earliestPaymentDate(bills);
      if (latest) return t('admin.bills.errors.paymentBeforeBill', { date: formatDate(latest) });
    }
    return serverText(message, t) ?? message;
  };
  const field = (name: Array<string | number>, texts: string[]) => {
    const known = out.fields.find((f) => f.name.join('.') === name.join('.'));
    if (known) known.errors.push(...texts.filter((x) => !known.errors.includes(x)));
    else out.fields.push({ name, errors: [...new Set(texts)] });
  };
  for (const [path, messages] of Object.entries(err.errors ?? {})) {
    const row = /^payments\.(\d+)\.(\w+)$/.exec(path);
    const bill = row ? bills[Number(row[1])] : undefined;
    // No rate of a bill's currency on the day: said above the form, with the way to the rates.
    const noRate = messages.filter((m) => missingRate(m) !== null);
    if (noRate.length) {
      out.noRate = true;
      out.rest.push(...noRate.map((m) => text(m)).filter((x) => !out.rest.includes(x)));
    }
    const texts = messages.filter((m) => missingRate(m) === null).map((m) => text(m, bill));
    if (texts.length === 0) continue;
    if (row && bill && row[2] === 'amount') field(['payments', Number(row[1]), 'amount'], texts);
    else if (row && bill) out.bills[Number(row[1])] = [...new Set([...(out.bills[Number(row[1])] ?? []), ...texts])];
    else if (path === 'date') field(['date'], texts);
    else if (path === 'money_account') field(['moneyAccount'], texts);
    else out.rest.push(...texts.filter((x) => !out.rest.includes(x)));
  }
  if (out.fields.length === 0 && out.rest.length === 0 && Object.keys(out.bills).length === 0) {
    if (err.status === 404) out.rest.push(t('admin.bills.errors.notFound'));
    else {
      out.noRate = missingRate(err.message) !== null;
      out.rest.push(text(err.message));
    }
  }
  return out;
};
