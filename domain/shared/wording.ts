/**
 * Refusals with values in them (an amount, a limit): one English wording each, `{name}` where a
 * value goes. The server fills it in (fillWording); a client reads the values back out of the text
 * it received (readWording) to say the same in its own language, keeping no copy of the English.
 */
export type WordingValues = Record<string, string | number>;

export const fillWording = (wording: string, values: WordingValues): string => wording.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

/** The wording's pieces: the texts between its values (even places) and the values' names (odd places). */
const piecesOf = (wording: string): string[] => wording.split(/\{(\w+)\}/);

/**
 * The values `text` fills into `wording`, by name, or null when the text is not that wording. Each
 * value runs to the first place the next piece of the wording follows (the last one to its end).
 */
export const readWording = (wording: string, text: string): Record<string, string> | null => {
  const pieces = piecesOf(wording);
  if (pieces.length === 1) return text === wording ? {} : null;
  const head = pieces[0]!;
  const tail = pieces[pieces.length - 1]!;
  if (!text.startsWith(head) || !text.endsWith(tail) || text.length < head.length + tail.length) return null;
  const values: Record<string, string> = {};
  let at = head.length;
  const end = text.length - tail.length;
  for (let i = 1; i < pieces.length; i += 2) {
    const next = pieces[i + 1]!;
    const last = i + 2 >= pieces.length;
    const stop = last ? end : text.indexOf(next, at + 1);
    if (stop < 0 || stop > end || stop <= at) return null;
    values[pieces[i]!] = text.slice(at, stop);
    at = stop + (last ? 0 : next.length);
  }
  return at === end ? values : null;
};
