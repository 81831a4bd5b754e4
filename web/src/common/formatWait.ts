/**
 * A wait the reader is asked to sit out ("8 seconds", "2 минуты"), in the reader's language with
 * its plural forms (the browser's CLDR data): seconds under a minute, else whole minutes rounded up.
 */
export const formatWait = (seconds: number, lng: string): string => {
  const [value, unit] = seconds < 60 ? [Math.max(1, Math.ceil(seconds)), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(lng, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
};
