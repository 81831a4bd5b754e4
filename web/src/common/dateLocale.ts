import dayjs, { type Dayjs } from 'dayjs';
import i18n from 'i18next';
import 'dayjs/locale/el';
import 'dayjs/locale/ru';
import updateLocale from 'dayjs/plugin/updateLocale';

/** The spec's 'dd / MMMM / yyyy', for every date shown and every date picker. */
export const DATE_FORMAT = 'DD / MMMM / YYYY';

/** Date pickers show DATE_FORMAT; typing also accepts 31/12/2026 and 2026-12-31. */
export const DATE_INPUT_FORMATS = [DATE_FORMAT, 'DD/MM/YYYY', 'YYYY-MM-DD'];

/**
 * A month named after its day is in the genitive ("01 / ноября / 2026", "01 / Νοεμβρίου / 2026").
 * dayjs's Russian locale switches only when the day and month are separated by spaces, and its
 * Greek locale has no genitive forms; both learn the spec's slashes here.
 */
export const DAY_BEFORE_MONTH = /D[oD]?(\[[^[\]]*\]|[\s/.,-])+MMMM/;

const GENITIVE: Record<'el' | 'ru', string[]> = {
  el: 'Ιανουαρίου_Φεβρουαρίου_Μαρτίου_Απριλίου_Μαΐου_Ιουνίου_Ιουλίου_Αυγούστου_Σεπτεμβρίου_Οκτωβρίου_Νοεμβρίου_Δεκεμβρίου'.split('_'),
  ru: 'января_февраля_марта_апреля_мая_июня_июля_августа_сентября_октября_ноября_декабря'.split('_'),
};

type Months = string[] | { s: string[] };

const standaloneOf = (months: Months): string[] => (Array.isArray(months) ? months : months.s);

dayjs.extend(updateLocale);
for (const lng of ['el', 'ru'] as const) {
  const standalone = standaloneOf(dayjs.Ls[lng]!.months as Months);
  const genitive = GENITIVE[lng];
  // The shape dayjs's own locales use: a function for formatting, `s`/`f` lists for parsing.
  const months = Object.assign((d: Dayjs, format: string) => (DAY_BEFORE_MONTH.test(format) ? genitive : standalone)[d.month()], { s: standalone, f: genitive });
  dayjs.updateLocale(lng, { months });
}

const SITE_LOCALES = new Set(['en', 'el', 'ru']);

/** Dates are written in the page's language: set now and on every language change. */
const followLanguage = (): void => {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  dayjs.locale(lng && SITE_LOCALES.has(lng) ? lng : 'en');
};
followLanguage();
i18n.on('languageChanged', followLanguage);
