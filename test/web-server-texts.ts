import { expect } from 'vitest';
import { readLocale } from './web-i18n';

const lookup = (locale: Record<string, unknown>, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);

/**
 * Every key a screen's table of server refusals names is worded in en, and in el and ru differently
 * from en (a key copied over untranslated fails).
 */
export const expectTranslated = (table: Readonly<Record<string, string>>): void => {
  const en = readLocale('en');
  for (const key of new Set(Object.values(table))) {
    const english = lookup(en, key);
    expect({ lng: 'en', key, worded: typeof english === 'string' && english.length > 0 }).toEqual({ lng: 'en', key, worded: true });
    for (const lng of ['el', 'ru']) {
      const text = lookup(readLocale(lng), key);
      expect({ lng, key, translated: typeof text === 'string' && text.length > 0 && text !== english }).toEqual({ lng, key, translated: true });
    }
  }
};
