import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { SITE_LANGUAGES, type SiteLanguage } from '../../domain/site/site-map';

export const LANGUAGE_LABELS: Record<SiteLanguage, string> = { en: 'English', el: 'Ελληνικά', ru: 'Русский' };

export const isSiteLanguage = (lng: unknown): lng is SiteLanguage => typeof lng === 'string' && (SITE_LANGUAGES as readonly string[]).includes(lng);

/** The language actually shown: the resolved one, or English while nothing is resolved yet. */
export const currentLanguage = (): SiteLanguage => {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isSiteLanguage(lng) ? lng : 'en';
};

// Dates follow the language where dayjs is loaded (common/dateLocale.ts): the marketing pages never load it.
const applyLanguage = (): void => {
  document.documentElement.lang = currentLanguage();
};

/** Loads a language's translation file (what i18next-http-backend did, in a few lines of the bundle). */
const translationFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, _namespace, callback) => {
    fetch(`/static/locales/${lng}/translation.json`)
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`translations ${lng}: ${res.status}`))))
      .then(
        (data: Record<string, unknown>) => callback(null, data),
        (err: Error) => callback(err, false),
      );
  },
};

/** The spec's detection order; the server sees only the query string, the cookie and Accept-Language of it. */
const DETECTION = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  caches: ['cookie', 'localStorage'],
  cookieOptions: { path: '/', sameSite: 'lax' as const },
};

/** The language the browser-side detector picks in the spec's full order (the first supported one found, else en). */
export const detectLanguage = (): SiteLanguage => {
  // With a languageUtils that can match, the detector answers every candidate in order.
  const detector = new LanguageDetector({ languageUtils: { getBestMatchFromCodes: () => undefined } }, DETECTION);
  const found = detector.detect();
  for (const code of Array.isArray(found) ? found : found ? [found] : []) {
    const lng = code.slice(0, 2).toLowerCase();
    if (isSiteLanguage(lng)) return lng;
  }
  return 'en';
};

const OPTIONS = {
  supportedLngs: [...SITE_LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly' as const,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  react: { useSuspense: false },
};

/**
 * Resolves when the translations of `lng` are loaded, so the first paint is translated. A page the
 * server rendered starts in the server's language, whatever the browser would detect: its first
 * render must match the HTML (main.tsx switches afterwards when the detector decides otherwise).
 */
export const initI18n = async (lng: SiteLanguage): Promise<typeof i18n> => {
  i18n.on('languageChanged', applyLanguage);
  await i18n
    .use(translationFiles)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({ ...OPTIONS, lng, detection: DETECTION });
  applyLanguage();
  return i18n;
};

/**
 * The server's i18n: every language's translations given at once and no detection (the server
 * picks the language per request, see setServerLanguage). Synchronous, so a render never waits.
 */
export const initServerI18n = (translations: Record<SiteLanguage, Record<string, unknown>>): void => {
  const resources = Object.fromEntries(SITE_LANGUAGES.map((lng) => [lng, { translation: translations[lng] }]));
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({ ...OPTIONS, lng: 'en', resources, initAsync: false });
    return;
  }
  for (const lng of SITE_LANGUAGES) i18n.addResourceBundle(lng, 'translation', translations[lng], true, true);
};

/** Switches the server's i18n to the language of the page being rendered (synchronously: resources are in memory). */
export const setServerLanguage = (lng: SiteLanguage): void => {
  void i18n.changeLanguage(lng);
};
