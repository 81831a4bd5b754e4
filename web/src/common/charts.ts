import { formatEuros } from './format';

/**
 * Axis ticks, short ("12,5K €", "12,5 тыс. €"): the reader's language names the thousands and
 * millions, and the number is written as the spec writes money in every language (German: decimal
 * comma, thousands dot, the euro sign after). Tooltips and tables carry the exact amounts.
 */
export const compactEuros = (value: number, lng: string): string => {
  const parts = new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 }).formatToParts(value);
  const number = parts.map((p) => (p.type === 'decimal' ? ',' : p.type === 'group' ? '.' : p.value)).join('');
  return `${number}\u00a0€`;
};

/** Tooltip values in the spec's euro format. */
export const euroTooltip = (value: unknown): string => formatEuros(Number(value));

/** Room for the longest tick ("12,5 тыс. €") left of the plot. */
export const Y_AXIS_WIDTH = 80;

/** The admin charts' axis look (Recharts XAxis/YAxis props). */
export const CHART_AXIS = { tick: { fontSize: 12 }, stroke: '#8c8c8c' } as const;
