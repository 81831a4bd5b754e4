import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedUrl, OG_LOCALES, SITE_LANGUAGES, type PageMetaKeys } from '../../../domain/site/site-map';
import { currentLanguage } from '../i18n';
import { usePageLocation } from '../routing/pageLocation';

const upsert = (selector: string, create: () => HTMLElement, apply: (el: HTMLElement) => void): void => {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  apply(el);
};

const meta = (attr: 'name' | 'property', key: string, content: string): void =>
  upsert(
    `meta[${attr}="${key}"]`,
    () => document.createElement('meta'),
    (el) => {
      el.setAttribute(attr, key);
      el.setAttribute('content', content);
    },
  );

const link = (rel: string, href: string, hreflang?: string): void =>
  upsert(
    hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]:not([hreflang])`,
    () => document.createElement('link'),
    (el) => {
      el.setAttribute('rel', rel);
      if (hreflang) el.setAttribute('hreflang', hreflang);
      el.setAttribute('href', href);
    },
  );

/**
 * Sets the translated <title>, meta description, Open Graph tags, canonical URL and hreflang
 * alternates of the current page, and keeps them in step with the language.
 */
export const usePageMeta = ({ title: titleKey, description: descriptionKey }: PageMetaKeys): void => {
  const { t, i18n } = useTranslation();
  const { pathname } = usePageLocation();
  useEffect(() => {
    const lng = currentLanguage();
    const brand = t('common.brand');
    const title = `${t(titleKey)} | ${brand}`;
    const description = t(descriptionKey);
    const origin = window.location.origin;
    document.title = title;
    meta('name', 'description', description);
    meta('property', 'og:title', title);
    meta('property', 'og:description', description);
    meta('property', 'og:type', 'website');
    meta('property', 'og:site_name', brand);
    meta('property', 'og:url', localizedUrl(origin, pathname, lng));
    meta('property', 'og:locale', OG_LOCALES[lng]);
    link('canonical', localizedUrl(origin, pathname, lng));
    for (const alt of SITE_LANGUAGES) link('alternate', localizedUrl(origin, pathname, alt), alt);
    link('alternate', origin + pathname, 'x-default');
  }, [t, i18n.resolvedLanguage, titleKey, descriptionKey, pathname]);
};
