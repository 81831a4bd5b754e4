import path from 'node:path';
import type { Request } from 'express';
import { watchedFile } from './static';
import { localizedUrl, OG_LOCALES, PAGE_META, PUBLIC_PAGES, SITE_LANGUAGES, type PublicPage, type SiteLanguage } from '../../../domain/site/site-map';
import { withoutTrailingSlashes } from '../../../domain/shared/text';

type Translations = Record<string, unknown>;

/** A build's translation file of a language, read again when the build changes (see watchedFile). */
export const translationReader = (dist: string) => {
  const files = new Map<SiteLanguage, () => Translations | undefined>();
  return (lng: SiteLanguage): Translations | undefined => {
    let read = files.get(lng);
    if (!read) files.set(lng, (read = watchedFile(path.join(dist, 'static/locales', lng, 'translation.json'), (text) => JSON.parse(text) as Translations)));
    return read();
  };
};

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const lookup = (translations: Translations, key: string): string | undefined => {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Translations)[part] : undefined), translations);
  return typeof value === 'string' ? value : undefined;
};

const isLanguage = (v: unknown): v is SiteLanguage => typeof v === 'string' && (SITE_LANGUAGES as readonly string[]).includes(v);

/** The language the web app's detector will pick, as far as the server can see it: query, cookie, Accept-Language. */
export interface LanguageHints {
  query: Record<string, unknown>;
  cookies?: Record<string, string>;
  get: (header: string) => string | undefined;
}

export const requestLanguage = (req: LanguageHints): SiteLanguage => {
  const fromQuery = String(req.query?.lng ?? '').slice(0, 2);
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie = String(req.cookies?.i18next ?? '').slice(0, 2);
  if (isLanguage(fromCookie)) return fromCookie;
  for (const part of (req.get('accept-language') ?? '').split(',')) {
    const lng = part.trim().slice(0, 2).toLowerCase();
    if (isLanguage(lng)) return lng;
  }
  return 'en';
};

const pageOf = (pathname: string): PublicPage => withoutTrailingSlashes(pathname) as PublicPage;

export interface HeadInput {
  pathname: string;
  lng: SiteLanguage;
  baseUrl: string;
  translations: Translations;
  /** Fetch the translations with the scripts (the client-rendered shell waits for them to paint); default true. */
  preloadTranslations?: boolean;
}

/**
 * Writes a public page's translated <title>, description, Open Graph tags, canonical URL and
 * hreflang alternates into the SPA's index.html, so crawlers and link previews see them without
 * running scripts. Every page also gets its language and a preload of its translation file.
 */
export const injectPageHead = (html: string, input: HeadInput): string => {
  const page = pageOf(input.pathname);
  // The app waits for its translations before the first render: fetch them alongside the scripts.
  const preload = `<link rel="preload" href="/static/locales/${input.lng}/translation.json" as="fetch" crossorigin="anonymous" />`;
  let out = html.replace(/<html lang="[^"]*"/, `<html lang="${input.lng}"`);
  if (input.preloadTranslations !== false) out = out.replace('</head>', `    ${preload}\n  </head>`);
  if (!(PUBLIC_PAGES as readonly string[]).includes(page)) return out;
  const keys = PAGE_META[page];
  const brand = lookup(input.translations, 'common.brand') ?? '';
  const title = `${lookup(input.translations, keys.title) ?? ''} | ${brand}`;
  const description = lookup(input.translations, keys.description) ?? '';
  const url = localizedUrl(input.baseUrl, page, input.lng);
  out = out
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*"/, `$1${escapeHtml(description)}"`)
    .replace(/(<meta property="og:title" content=")[^"]*"/, `$1${escapeHtml(title)}"`)
    .replace(/(<meta property="og:description" content=")[^"]*"/, `$1${escapeHtml(description)}"`)
    .replace(/(<meta property="og:locale" content=")[^"]*"/, `$1${OG_LOCALES[input.lng]}"`);
  const links = [
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...SITE_LANGUAGES.map((alt) => `<link rel="alternate" hreflang="${alt}" href="${escapeHtml(localizedUrl(input.baseUrl, page, alt))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(input.baseUrl + page)}" />`,
  ];
  return out.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
};

/**
 * The index.html transform for api/platform/http/static.ts: per-page head tags from the built translation
 * files. A page's head depends only on the page, the language and the two files, so each
 * (page, language) is rendered once per version of the build.
 */
export const pageHeadTransform = (baseUrl: string) => {
  const readers = new Map<string, ReturnType<typeof translationReader>>();
  const rendered = new Map<string, { html: string; translations: Translations; out: string }>();
  return (html: string, req: Request, dist: string): string => {
    const lng = requestLanguage(req);
    let read = readers.get(dist);
    if (!read) readers.set(dist, (read = translationReader(dist)));
    const translations = read(lng);
    if (!translations) return html;
    const page = pageOf(req.path);
    const key = `${lng} ${(PUBLIC_PAGES as readonly string[]).includes(page) ? page : '*'}`;
    const hit = rendered.get(key);
    if (hit && hit.html === html && hit.translations === translations) return hit.out;
    const out = injectPageHead(html, { pathname: req.path, lng, baseUrl, translations });
    rendered.set(key, { html, translations, out });
    return out;
  };
};
