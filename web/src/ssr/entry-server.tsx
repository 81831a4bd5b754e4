// The server's entry (`vite build --ssr`, see vite.config.ts): renders a public page to HTML in a
// language, with antd's CSS-in-JS extracted for the head. api/http/ssr.ts loads the built module.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import dayjs from 'dayjs';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { SITE_LANGUAGES } from '../../../domain/site/site-map';
import type { SsrRenderInput, SsrRenderOutput, Translations } from '../../../api/contracts/ssr.contract';
import { App } from '../App';
import { preloadAntdLocale } from '../AntdProvider';
import { AuthProvider } from '../auth/AuthContext';
import '../common/dateLocale';
import { initServerI18n, setServerLanguage } from '../i18n';
import { pageModules, preloadPage } from '../routing/pages';
import { SiteDataProvider } from './siteData';

let given: Record<string, Translations> | undefined;
const antdLocales = Promise.all(SITE_LANGUAGES.map(preloadAntdLocale));

const takeTranslations = (translations: SsrRenderInput['translations']): void => {
  if (given && SITE_LANGUAGES.every((lng) => given![lng] === translations[lng])) return;
  initServerI18n(translations);
  given = { ...translations };
};

export const render = async ({ url, data, translations }: SsrRenderInput): Promise<SsrRenderOutput> => {
  const pathname = new URL(url, 'http://localhost').pathname;
  // The page's code and antd's texts load once; the render itself then never suspends.
  await Promise.all([preloadPage(pathname), antdLocales]);
  takeTranslations(translations);
  // From here to the end of the render nothing awaits: no other request can switch the language.
  setServerLanguage(data.lng);
  dayjs.locale(data.lng);
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <SiteDataProvider data={data}>
        <AuthProvider>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
        </AuthProvider>
      </SiteDataProvider>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache), modules: pageModules(pathname) };
};
