import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

const LOCALES = path.resolve(import.meta.dirname, '../web/public/static/locales');

export const readLocale = (lng: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'translation.json'), 'utf8'));

/** An i18next instance over the real translation files (no HTTP backend), for component tests. */
export const createTestI18n = async (lng = 'en'): Promise<i18n> => {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: readLocale('en') }, el: { translation: readLocale('el') }, ru: { translation: readLocale('ru') } },
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return instance;
};
