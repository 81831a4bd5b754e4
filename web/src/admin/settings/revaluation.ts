import type { RevaluationAnswer, RevaluationItem } from './ratesApi';

/**
 * Which way a revalued balance runs, read from the books' signs: an invoice's positive amount is
 * owed by its client (negative: the client's credit, owed back to them); a bill's amounts are signed
 * as Accounts Payable sees them, so a bill owed to its supplier is negative (positive: the supplier's
 * credit, owed to the company).
 */
export type RevaluationDirection = 'clientOwes' | 'owedToClient' | 'owedToSupplier' | 'supplierOwes';

/** One revalued document as the screen shows it: every amount positive, read with its direction. */
export interface RevaluationRow {
  key: string;
  kind: 'invoice' | 'bill';
  id: string;
  /** The id's first eight characters: enough to tell documents apart in one revaluation. */
  shortId: string;
  currency: string;
  direction: RevaluationDirection;
  /** The open amount in the document's currency, as owed in `direction`. */
  amount: number;
  bookedEur: number;
  revaluedEur: number;
  /** Signed as the server gives it: above 0 a gain, below 0 a loss. */
  differenceEur: number;
  result: 'gain' | 'loss' | 'none';
}

/** A number's size without the sign, never -0. */
const size = (n: number): number => Math.abs(n) || 0;

/** An answer's item as a row: bills' negative "owed" amounts and clients' credits shown positive, with what they are. */
export const revaluationRow = (item: RevaluationItem): RevaluationRow => {
  const kind = item.bill ? 'bill' : 'invoice';
  const id = item.bill ?? item.invoice ?? '';
  const direction: RevaluationDirection =
    kind === 'invoice' ? (item.open_amount < 0 ? 'owedToClient' : 'clientOwes') : item.open_amount > 0 ? 'supplierOwes' : 'owedToSupplier';
  return {
    key: `${kind} ${id}`,
    kind,
    id,
    shortId: id.slice(0, 8),
    currency: item.currency,
    direction,
    amount: size(item.open_amount),
    bookedEur: size(item.booked_eur),
    revaluedEur: size(item.revalued_eur),
    differenceEur: item.difference_eur,
    result: item.difference_eur > 0 ? 'gain' : item.difference_eur < 0 ? 'loss' : 'none',
  };
};

/** The answer's items as rows: invoices first, then bills, each by currency (the server's order within). */
export const revaluationRows = (answer: Pick<RevaluationAnswer, 'items'>): RevaluationRow[] => {
  const rows = answer.items.map(revaluationRow);
  const rank = (r: RevaluationRow) => (r.kind === 'invoice' ? 0 : 1);
  return rows.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.r.currency.localeCompare(b.r.currency) || a.i - b.i).map(({ r }) => r);
};

/** The last day of the month before `today` ('YYYY-MM-DD'): the usual period end to revalue at. */
export const lastDayOfPreviousMonth = (today: string): string => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  // Day 0 of this month is the last of the one before (UTC: no time zone moves the day).
  const last = new Date(Date.UTC(year, month - 1, 0));
  return last.toISOString().slice(0, 10);
};
