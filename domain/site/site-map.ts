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
