import dayjs from 'dayjs';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { SITE_LANGUAGES, type SiteLanguage } from '../../domain/site/site-map';
import './common/dateLocale';

export const LANGUAGE_LABELS: Record<SiteLanguage, string> = { en: 'English', el: 'Ελληνικά', ru: 'Русский' };

/** The language actually shown: the resolved one, or English while nothing is resolved yet. */
export const currentLanguage = (): SiteLanguage => {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (SITE_LANGUAGES as readonly string[]).includes(lng) ? (lng as SiteLanguage) : 'en';
};

const applyLanguage = (): void => {
  const lng = currentLanguage();
  document.documentElement.lang = lng;
  dayjs.locale(lng);
};

/** Resolves when the detected language's translations are loaded, so the first paint is translated. */
export const initI18n = async (): Promise<typeof i18n> => {
  i18n.on('languageChanged', applyLanguage);
  await i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SITE_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      backend: { loadPath: '/static/locales/{{lng}}/translation.json' },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        caches: ['cookie', 'localStorage'],
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      react: { useSuspense: false },
    });
  applyLanguage();
  return i18n;
};
