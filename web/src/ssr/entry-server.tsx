// The server's entry (`vite build --ssr`, see vite.config.ts): renders a public page to HTML in a
// language, with antd's CSS-in-JS extracted for the head. api/platform/http/ssr.ts loads the built module.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import dayjs from 'dayjs';
import { renderToString } from 'react-dom/server';
import { SITE_LANGUAGES } from '../../../domain/site/site-map';
import type { SsrRenderInput, SsrRenderOutput, Translations } from '../../../api/platform/contracts/ssr.contract';
import { preloadAntdLocale } from '../AntdProvider';
import '../common/dateLocale';
import { initServerI18n, setServerLanguage } from '../i18n';
import { PublicSite } from '../PublicSite';
import { locationOf } from '../routing/pageLocation';
import { pageModules, preloadPage } from '../routing/pages';

let given: Record<string, Translations> | undefined;
const antdLocales = Promise.all(SITE_LANGUAGES.map(preloadAntdLocale));

const takeTranslations = (translations: SsrRenderInput['translations']): void => {
  if (given && SITE_LANGUAGES.every((lng) => given![lng] === translations[lng])) return;
  initServerI18n(translations);
  given = { ...translations };
};

export const render = async ({ url, data, translations }: SsrRenderInput): Promise<SsrRenderOutput> => {
  const location = locationOf(url);
  const { pathname } = location;
  // The page's code and antd's texts load once; the render itself then never suspends.
  await Promise.all([preloadPage(pathname), antdLocales]);
  takeTranslations(translations);
  // From here to the end of the render nothing awaits: no other request can switch the language.
  setServerLanguage(data.lng);
  dayjs.locale(data.lng);
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <PublicSite data={data} location={location} />
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache), modules: pageModules(pathname) };
};
