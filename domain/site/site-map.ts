/** The public website's pages and languages, shared by the sitemap, hreflang links and the router. */
export const SITE_LANGUAGES = ['en', 'el', 'ru'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

export const PUBLIC_PAGES = [
  '/',
  '/features',
  '/about-us',
  '/why-us',
  '/pricing',
  '/contact',
  '/demo-request',
  '/terms-and-conditions',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** Areas no crawler should index. */
export const PRIVATE_PREFIXES = ['/admin', '/portal', '/pay-invoice'] as const;

/** The language is carried in the query string (the first source of the language detector). */
export const localizedUrl = (base: string, page: string, lng: SiteLanguage): string => `${base}${page}?lng=${lng}`;

export interface PageMetaKeys {
  title: string;
  description: string;
}

/** Translation keys of each page's <title> and meta description (used by the web app and the server). */
export const PAGE_META: Record<PublicPage | '/login' | 'notFound', PageMetaKeys> = {
  '/': { title: 'home.metaTitle', description: 'home.metaDescription' },
  '/features': { title: 'features.metaTitle', description: 'features.metaDescription' },
  '/about-us': { title: 'about.metaTitle', description: 'about.metaDescription' },
  '/why-us': { title: 'whyUs.metaTitle', description: 'whyUs.metaDescription' },
  '/pricing': { title: 'pricing.metaTitle', description: 'pricing.metaDescription' },
  '/contact': { title: 'contact.metaTitle', description: 'contact.metaDescription' },
  '/demo-request': { title: 'demo.metaTitle', description: 'demo.metaDescription' },
  '/terms-and-conditions': { title: 'terms.metaTitle', description: 'terms.metaDescription' },
  '/login': { title: 'auth.metaTitle', description: 'auth.metaDescription' },
  notFound: { title: 'notFound.metaTitle', description: 'notFound.metaDescription' },
};

export const OG_LOCALES: Record<SiteLanguage, string> = { en: 'en_US', el: 'el_GR', ru: 'ru_RU' };
