import { addMonthsClamped, monthStart, type IsoDate } from '../shared/dates';

/** One month of the overview's charts (cents). */
export interface MonthTrend {
  /** The month's first day, YYYY-MM-01. */
  month: IsoDate;
  /** Invoices dated in the month (gross, VAT included) less credit notes dated in it. */
  invoicedCents: number;
  /** Money received in the month (payments by their date, credit moved between invoices excluded). */
  collectedCents: number;
  /** Balance of the cash accounts at the month's end. */
  cashCents: number;
}

/** The `count` months ending with `today`'s, oldest first, as their first days. */
export const trailingMonths = (today: IsoDate, count: number): IsoDate[] =>
  Array.from({ length: count }, (_, i) => monthStart(addMonthsClamped(monthStart(today), i - (count - 1))));

/** Sums by month, as the database gives them (a month may be missing: nothing happened). */
export interface MonthSums {
  invoiced: ReadonlyMap<IsoDate, number>;
  credited: ReadonlyMap<IsoDate, number>;
  collected: ReadonlyMap<IsoDate, number>;
  /** Net movement (debit − credit) of the cash accounts in each month. */
  cashMovement: ReadonlyMap<IsoDate, number>;
  /** Cash balance before the first month. */
  cashOpening: number;
}

/** Twelve (or `months.length`) points for the charts: empty months are zero, cash runs on from its opening. */
export const monthTrends = (months: readonly IsoDate[], sums: MonthSums): MonthTrend[] => {
  let cash = sums.cashOpening;
  return months.map((month) => {
    cash += sums.cashMovement.get(month) ?? 0;
    return {
      month,
      invoicedCents: (sums.invoiced.get(month) ?? 0) - (sums.credited.get(month) ?? 0),
      collectedCents: sums.collected.get(month) ?? 0,
      cashCents: cash,
    };
  });
};
