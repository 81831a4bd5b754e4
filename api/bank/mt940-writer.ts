/** One booked line of a written statement: its day (YYYY-MM-DD), signed cents, the bank's reference and the :86: text. */
export interface Mt940Line {
  day: string;
  cents: number;
  ref: string;
  text: string;
}

const amount = (cents: number): string => `${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const mark = (cents: number): string => (cents < 0 ? 'D' : 'C');
const yymmdd = (day: string): string => day.slice(2).replaceAll('-', '');

/**
 * An MT940 statement of one account as a bank's download says it: the opening balance, the lines,
 * and the closing balance they make (dated `closingDay`, else the last line's day). For the demo's
 * statement and for tests; the reader is domain/bank/mt940.ts.
 */
export const writeMt940 = (statement: { id: string; iban: string; opening: { day: string; cents: number }; closingDay?: string; lines: readonly Mt940Line[] }): string => {
  const { id, iban, opening, lines } = statement;
  const closing = opening.cents + lines.reduce((sum, l) => sum + l.cents, 0);
  const closingDay = statement.closingDay ?? lines.at(-1)?.day ?? opening.day;
  return [
    `:20:${id}`,
    `:25:${iban}`,
    ':28C:1/1',
    `:60F:${mark(opening.cents)}${yymmdd(opening.day)}EUR${amount(opening.cents)}`,
    ...lines.flatMap((l) => [`:61:${yymmdd(l.day)}${mark(l.cents)}${amount(l.cents)}NTRFNONREF//${l.ref}`, `:86:${l.text}`]),
    `:62F:${mark(closing)}${yymmdd(closingDay)}EUR${amount(closing)}`,
    '-',
  ].join('\r\n');
};
