/**
 * An exchange rate as the European Central Bank quotes it: units of the currency per one euro
 * (USD 1.1594 means €1 = $1.1594). Rates are decimal text inside and on their way through; arithmetic
 * on them goes through decimal.js, never a float, and only a final amount is rounded to the cent.
 */
import Decimal from 'decimal.js';
import { MAX_RATE, RATE_DECIMALS, RATE_NOT_A_NUMBER, RATE_NOT_POSITIVE, RATE_REQUIRED, RATE_TOO_LARGE, RATE_TOO_MANY_DECIMALS } from './rate-texts';

/** Exact decimals with half-up rounding (away from zero on a tie), without touching decimal.js's global settings. */
export const Exact = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -20, toExpPos: 40 });
export type Exact = InstanceType<typeof Exact>;

export type RateParse = { ok: true; rate: string } | { ok: false; error: string };

/**
 * A rate as written ("1.1594", 1.1594, "16719.01") → its normal decimal text ("1.1594"), or why not.
 * A JSON number passes through its shortest text, which is what was typed.
 */
export const parseRate = (value: unknown): RateParse => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || text === '') return { ok: false, error: RATE_REQUIRED };
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, error: text.startsWith('-') ? RATE_NOT_POSITIVE : RATE_NOT_A_NUMBER };
  if ((match[2] ?? '').length > RATE_DECIMALS) return { ok: false, error: RATE_TOO_MANY_DECIMALS };
  const rate = new Exact(text);
  if (rate.isZero()) return { ok: false, error: RATE_NOT_POSITIVE };
  if (rate.greaterThan(MAX_RATE)) return { ok: false, error: RATE_TOO_LARGE };
  return { ok: true, rate: rate.toString() };
};

/** A stored rate's text in its normal form: numeric(16, 6) reads back as "1.200000", which is "1.2". */
export const normalRate = (text: string): string => new Exact(text).toString();

/** One day's rate of one currency against the euro. */
export interface ExchangeRate {
  /** YYYY-MM-DD. */
  date: string;
  /** ISO 4217, never EUR. */
  currency: string;
  /** Units of the currency per euro, as normal decimal text. */
  rate: string;
}

/** Where a rate came from: the ECB's files, or typed in by someone (which wins on its day). */
export type RateSource = 'ecb' | 'manual';

export interface StoredRate extends ExchangeRate {
  source: RateSource;
}

/**
 * The rate a document of `date` uses: the one of its day, or else of the last day before it that
 * has one; never a later one. On one day a manual rate wins over the ECB's.
 */
export const rateFor = (rates: readonly StoredRate[], currency: string, date: string): StoredRate | null => {
  let best: StoredRate | null = null;
  for (const r of rates) {
    if (r.currency !== currency || r.date > date) continue;
    if (best === null || r.date > best.date || (r.date === best.date && r.source === 'manual')) best = r;
  }
  return best;
};

/** The refusal of a document in a currency with no rate on or before its date. */
export const noRateFor = (currency: string, date: string): string =>
  `There is no ${currency} exchange rate on or before ${date}. Import the ECB's rates or enter the rate for that day under Rates.`;

/** A document's currency and the rate it was converted at: the rate of `rateDate`, its date or the last day before it with one. */
export interface DocumentRate {
  currency: string;
  rate: string;
  rateDate: string;
}

/** A payment of a foreign document: its rate, what the money was worth in euros, and the booked euros it cleared (at `bookedRate`, the document's). */
export interface PaymentFx extends DocumentRate {
  bookedRate: string;
  receivedCents: number;
  relievedCents: number;
  /** Of a payment on a written-off invoice: the euros of the part that recovers the bad debt (credited to Bad Debts). */
  recoveredEuroCents?: number;
}

/** What a card was charged in, and, in another currency than the euro, the euros the gateway settled it at (null until it has). */
export interface ChargedMoney {
  currency: string;
  euroCents: number | null;
}

export const chargedInOtherCurrency = (charged: string, invoice: string): string => `The card was charged in ${charged}, but the invoice is in ${invoice}.`;

/**
 * A dispute of a card payment in another currency, in euros as the gateway moved them: what it
 * withdrew when the dispute opened; on a close, what it gave back (won), or (lost) the booked euros the
 * invoice is owed again, at `bookedRate`, the invoice's.
 */
export interface DisputeFx {
  currency: string;
  withdrawnCents: number;
  returnedCents?: number;
  relievedCents?: number;
  bookedRate?: string;
}

/** A credit note of a foreign document: the document's currency and rate, and the booked euros it takes off the receivable. */
export interface CreditFx extends DocumentRate {
  relievedCents: number;
}

/** A line's amount in the document's currency: hundredths of its unit, on the line's own side. */
export interface ForeignAmount {
  currency: string;
  amountCents: number;
  /** Units of the currency per euro the line was converted at. */
  rate: string;
}
