import { readWording } from '../../../../domain/shared/wording';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A screen's table of the server's refusals: each text the domain exports (imported, never copied)
 * with its key, and each wording with values (domain/shared/wording) with its key, whose variables
 * are the wording's names; `value` writes a value as the screen does (an amount, a day).
 */
export interface ServerTexts {
  texts: Readonly<Record<string, string>>;
  wordings?: Readonly<Record<string, string>>;
  value?: (name: string, value: string) => string;
}

/** The server's text in the screen's language when the table knows it; undefined otherwise. */
export const knownServerText = (message: string, t: Translate, table: ServerTexts): string | undefined => {
  const key = table.texts[message];
  if (key) return t(key);
  for (const [wording, wordingKey] of Object.entries(table.wordings ?? {})) {
    const values = readWording(wording, message);
    if (values) return t(wordingKey, Object.fromEntries(Object.entries(values).map(([name, v]) => [name, table.value ? table.value(name, v) : v])));
  }
  return undefined;
};
