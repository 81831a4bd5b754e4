import { formatEuros } from './format';

/** Axis ticks in whole euros, short ("12K €"); tooltips and tables carry the exact amounts. */
export const compactEuros = (value: number, lng: string): string =>
  new Intl.NumberFormat(lng, { notation: 'compact', style: 'currency', currency: 'EUR', maximumFractionDigits: 1 }).format(value);

/** Tooltip values in the spec's euro format. */
export const euroTooltip = (value: unknown): string => formatEuros(Number(value));

/** The admin charts' axis look (Recharts XAxis/YAxis props). */
export const CHART_AXIS = { tick: { fontSize: 12 }, stroke: '#8c8c8c' } as const;
