const pad = (n: number): string => String(n).padStart(2, '0');

/** Today as YYYY-MM-DD in the visitor's own time zone (for date inputs' min). Without dayjs: the marketing pages do not load it. */
export const localToday = (now = new Date()): string => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
