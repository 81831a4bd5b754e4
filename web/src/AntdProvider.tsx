import { LoadingOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';
import { appTheme } from './theme';

// Greek and Russian antd texts load on demand: English visitors never download them.
const antdLocales: Record<'el' | 'ru', () => Promise<{ default: Locale }>> = {
  el: () => import('antd/locale/el_GR'),
  ru: () => import('antd/locale/ru_RU'),
};

const loaded: Partial<Record<'el' | 'ru', Locale>> = {};
const load = async (lng: 'el' | 'ru'): Promise<Locale> => (loaded[lng] ??= (await antdLocales[lng]()).default);

/** Loads antd's texts for a language before a first render, so that render (a hydration too) has them. */
export const preloadAntdLocale = async (lng: string): Promise<void> => {
  if (lng === 'el' || lng === 'ru') await load(lng);
};

const localeOf = (lng: string): Locale | undefined => (lng === 'el' || lng === 'ru' ? loaded[lng] : enUS);

const useAntdLocale = (): Locale => {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ? currentLanguage() : 'en';
  const [locale, setLocale] = useState<Locale>(() => localeOf(lng) ?? enUS);
  useEffect(() => {
    let live = true;
    if (lng === 'en') setLocale(enUS);
    else void load(lng).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [lng]);
  return locale;
};

/**
 * A busy button's spinner, shown and removed at once. antd's own grows in and collapses out, and
 * when a request ends before it has grown (a refusal answered in a moment) the collapse can never
 * finish: the spinner stays in the button, unseen at no width, and the button reads "loading Pay"
 * to a screen reader until the page is left. A spinner given here is drawn without that motion.
 */
const BUTTON = { loadingIcon: <LoadingOutlined /> };

/**
 * A form refused before sending brings its first wrong field into the middle of the window (clear
 * of the sticky header and of a phone's keyboard) and puts the cursor in it: on a long form the
 * Save pressed at the bottom otherwise showed nothing happening.
 */
const FORM = { scrollToFirstError: { block: 'center', focus: true } } as const;

/**
 * antd's theme (the spec's breakpoints, brand colour) and locale for the current language. Route
 * modules that use antd are wrapped in it when loaded (see routing/pages.ts), so the marketing
 * pages, which use none, never download antd.
 */
export const AntdProvider = ({ children }: { children: ReactNode }) => {
  const locale = useAntdLocale();
  return (
    <ConfigProvider theme={appTheme} locale={locale} button={BUTTON} form={FORM}>
      {children}
    </ConfigProvider>
  );
};
