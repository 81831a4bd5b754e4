import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { LRUCache } from 'lru-cache';
import { dayOf } from '../../domain/shared/dates';
import { AppError, RateLimitedError, ValidationError } from '../../domain/shared/errors';
import { PUBLIC_PAGES, SITE_LANGUAGES, type SiteLanguage } from '../../domain/site/site-map';
import { isUuid } from '../platform/wire';
import { findPublicInvoice } from '../invoicing';
import type { CompanyInfo } from '../platform/contracts/rest.contract';
import type { SsrCheckoutError, SsrEntry, SsrPageData, Translations } from '../platform/contracts/ssr.contract';
import type { AppDeps } from '../platform/deps';
import { RELOAD_CHECK_MS, WEB_DIST, watchedFile } from '../platform/http/static';
import { anonymousCheckouts, publicReads, spendRequestBudget } from '../platform/rate-limit/limiters';
import { ALREADY_PAID, type PaymentService } from '../payments';
import { requestOrigin } from '../platform/http/request-origin';
import { httpStatusOf } from '../platform/http/error-middleware';
import { injectPageHead, requestLanguage, translationReader } from '../platform/http/page-head';
import { handleFormPost } from './ssr-forms';
import { assemblePage, stylesheetLinks, type BuildManifest } from './ssr-html';
import { structuredData } from './ssr-structured-data';
import type { SiteInboxService } from './site-inbox.service';
import { withoutTrailingSlashes } from '../../domain/shared/text';

/** The server entry next to the web build: dist/web → dist/ssr/entry-server.mjs. */
export const ssrEntryOf = (dist: string): string => path.join(dist, '..', 'ssr', 'entry-server.mjs');

const importFile = (url: string) => import(/* @vite-ignore */ url) as Promise<SsrEntry>;

/** The built entry, imported again (under a new URL) when a rebuild replaces the file. */
const entryLoader = (file: string): (() => Promise<SsrEntry> | undefined) => {
  let mtimeMs = -1;
  let checkedAt = -Infinity;
  let entry: Promise<SsrEntry> | undefined;
  return () => {
    const now = Date.now();
    if (now - checkedAt < RELOAD_CHECK_MS) return entry;
    checkedAt = now;
    try {
      const stat = fs.statSync(file);
      if (stat.mtimeMs !== mtimeMs) {
        mtimeMs = stat.mtimeMs;
        entry = importFile(`${pathToFileURL(file).href}?v=${stat.mtimeMs}`);
      }
    } catch {
      // No server entry (a build without it): the pages go out as the client-rendered shell.
    }
    return entry;
  };
};

const COMPANY_TTL_MS = 5000;

/** Company settings change rarely: read at most every few seconds, so a cached page costs no query. */
const companyReader = (site: SiteInboxService, clock: () => Date) => {
  let value: { info: CompanyInfo; key: string; at: number } | undefined;
  let pending: Promise<{ info: CompanyInfo; key: string; at: number }> | undefined;
  return async () => {
    const now = clock().getTime();
    if (value && now - value.at < COMPANY_TTL_MS) return value;
    pending ??= site
      .companyInfo()
      .then((info) => (value = { info, key: JSON.stringify(info), at: now }))
      .finally(() => (pending = undefined));
    return pending;
  };
};

export type PageKind = 'public' | 'pay' | 'notFound';

const PAGES = new Set<string>([...PUBLIC_PAGES, '/login']);
const PAY_PATH = /^\/pay-invoice\/([^/]+)\/?$/;

export const pageKind = (pathname: string): PageKind => {
  const page = withoutTrailingSlashes(pathname);
  if (PAGES.has(page)) return 'public';
  return PAY_PATH.test(pathname) ? 'pay' : 'notFound';
};

/** Page paths the server renders: everything but the API, files and the client-rendered areas. */
const PAGE_PATH = /^\/(?!(api|graphql|static|assets|admin|portal)(\/|$))[^.]*$/;

/** The route the pages are timed under in the metrics (express's label for PAGE_PATH). */
export const PAGE_ROUTE = String(PAGE_PATH);

/**
 * How long a public page's answer is replayed to identical requests (api/platform/http/page-microcache.ts):
 * the page may be that much older than a new day, a settings change or a new build.
 */
export const PAGE_MICROCACHE_MS = 1000;

/**
 * What a public page's answer depends on besides the server's own state (build, day, company
 * settings), for the micro-cache: its URL with the query (lng), the cookies (the language cookie),
 * Accept-Language, and Accept-Encoding (the compression). The pages' Vary names these.
 */
export const PAGE_VARY = ['cookie', 'accept-language', 'accept-encoding'] as const;

/** A public page (not the pay link, which reads its invoice and spends a rate budget on every request). */
export const isPublicPageRequest = (req: IncomingMessage): boolean => {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return pageKind(query < 0 ? url : url.slice(0, query)) === 'public';
};

/**
 * The public website rendered on the server: every public page in the visitor's language (query
 * `lng`, the language cookie, Accept-Language, else en), hydrated by the browser. A page depends only
 * on its URL, the language, the day, the company settings (and on the pay link, the invoice), so
 * each rendering is kept per build and served again until one of those changes. Without a server
 * entry in the build the shell goes out as before and the browser renders.
 */
export const ssrPages = (deps: AppDeps, site: SiteInboxService, payments: PaymentService, dist = WEB_DIST): Router => {
  const router = Router();
  const loadEntry = entryLoader(ssrEntryOf(dist));
  const readShell = watchedFile(path.join(dist, 'index.html'), (text) => text);
  const readManifest = watchedFile(path.join(dist, '.vite/manifest.json'), (text) => JSON.parse(text) as BuildManifest);
  const readTranslations = translationReader(dist);
  const company = companyReader(site, deps.clock);
  const cache = new LRUCache<string, string>({ max: 1000 });
  // A new build (entry, shell, manifest or translations) starts a new generation of the cache.
  let built: unknown[] = [];
  let generation = 0;
  const generationOf = (parts: unknown[]): number => {
    if (parts.length !== built.length || parts.some((part, i) => part !== built[i])) {
      built = parts;
      generation += 1;
      cache.clear();
    }
    return generation;
  };

  /** Renders (or takes from the cache) the page at `url` for `data`; undefined when the build has no server entry. */
  const renderPage = async (url: string, data: SsrPageData, cacheable: boolean): Promise<string | undefined> => {
    const entryPromise = loadEntry();
    const shell = readShell();
    const translations = Object.fromEntries(SITE_LANGUAGES.map((lng) => [lng, readTranslations(lng)])) as Record<SiteLanguage, Translations | undefined>;
    if (!entryPromise || !shell || SITE_LANGUAGES.some((lng) => !translations[lng])) return undefined;
    const manifest = readManifest();
    const key = `${generationOf([entryPromise, shell, manifest, ...SITE_LANGUAGES.map((l) => translations[l])])}|${url}|${JSON.stringify(data)}`;
    const hit = cacheable ? cache.get(key) : undefined;
    if (hit) return hit;
    const entry = await entryPromise;
    const pathname = new URL(url, 'http://localhost').pathname;
    const all = translations as Record<SiteLanguage, Translations>;
    const out = await entry.render({ url, data, translations: all });
    const baseUrl = deps.config.publicBaseUrl;
    const kind = pageKind(pathname);
    const head = [
      ...(kind === 'public' ? [] : ['<meta name="robots" content="noindex, nofollow" data-owner="noindex" />']),
      out.styles,
      ...structuredData({ pathname, company: data.company, baseUrl, lng: data.lng, translations: all[data.lng] }),
      ...stylesheetLinks(manifest, out.modules, shell),
    ].filter(Boolean);
    const html = assemblePage(injectPageHead(shell, { pathname, lng: data.lng, baseUrl, translations: all[data.lng], preloadTranslations: false }), { body: out.html, head, data });
    if (cacheable) cache.set(key, html);
    return html;
  };

  const pageData = async (req: Request, lng = requestLanguage(req)): Promise<SsrPageData> => ({
    lng,
    today: dayOf(deps.clock()),
    company: (await company()).info,
  });

  // A page's bytes and ETag, made once per rendered page rather than by express at every send.
  const prepared = new LRUCache<string, { body: Buffer; etag: string }>({ max: 1000 });
  const send = (res: Response, status: number, html: string): void => {
    let page = prepared.get(html);
    if (!page) {
      const body = Buffer.from(html);
      const etagOf = res.app.get('etag fn') as ((body: Buffer, encoding: string) => string) | undefined;
      prepared.set(html, (page = { body, etag: etagOf ? etagOf(body, 'utf8') : '' }));
    }
    res.status(status).setHeader('Cache-Control', 'no-cache');
    if (page.etag) res.setHeader('ETag', page.etag);
    res.vary('Accept-Language').vary('Cookie').type('html').send(page.body);
  };

  /** Serves the page at the request's path; `checkoutError` comes from a Pay Now posted without scripts. */
  const servePage = async (req: Request, res: Response, next: NextFunction, checkoutError?: { error: SsrCheckoutError; status: number }): Promise<void> => {
    const kind = pageKind(req.path);
    const data = await pageData(req);
    let url = req.path;
    if (checkoutError) data.checkoutError = checkoutError.error;
    if (kind === 'pay') {
      // The pay link's page reads its invoice as GET /api/public/invoices/{id}/ does, on the same budget.
      url = req.originalUrl;
      const id = PAY_PATH.exec(req.path)![1]!;
      try {
        await spendRequestBudget(deps, publicReads(deps), req);
        data.invoice = { id, found: isUuid(id) ? ((await findPublicInvoice(deps.db, id.toLowerCase(), deps.config)) ?? null) : null };
      } catch (err) {
        // Over the budget: the page renders without the invoice and the browser's own read answers 429.
        if (!(err instanceof RateLimitedError)) throw err;
      }
    }
    let html: string | undefined;
    try {
      html = await renderPage(url, data, !checkoutError);
    } catch (err) {
      deps.logger.error({ err, path: req.path }, 'server rendering failed; sending the client-rendered shell');
    }
    if (html === undefined) return next();
    send(res, checkoutError?.status ?? (kind === 'notFound' ? 404 : 200), html);
  };

  router.get(PAGE_PATH, (req, res, next) => void servePage(req, res, next).catch(next));

  // In production every public page is rendered once in each language right after start, so no
  // visitor waits for the server entry to load or for a first rendering.
  if (deps.config.env === 'production') {
    setImmediate(() => {
      void (async () => {
        const today = dayOf(deps.clock());
        const info = (await company()).info;
        for (const page of PAGES) for (const lng of SITE_LANGUAGES) await renderPage(page, { lng, today, company: info }, true);
      })().catch((err: unknown) => deps.logger.warn({ err }, 'pre-rendering the public pages failed; they render on first request'));
    });
  }

  // Pay Now on the pay link without scripts (or clicked before the page hydrated): the same checkout
  // as POST /api/invoices/{id}/create-checkout-session/ on the same budget, answered with a redirect
  // to the hosted checkout, or with the pay page showing why it could not start.
  router.post(PAY_PATH, (req, res, next) => {
    const id = PAY_PATH.exec(req.path)![1]!;
    void (async () => {
      try {
        await spendRequestBudget(deps, anonymousCheckouts(deps), req);
        const { url } = await payments.createCheckoutSession(id, `/pay-invoice/${id}`, undefined, requestOrigin(req));
        res.redirect(303, url);
      } catch (err) {
        if (!(err instanceof AppError) || err.code === 'UNAVAILABLE') deps.logger.warn({ err, invoiceId: id }, 'a checkout posted from the pay page could not start');
        const status = err instanceof AppError ? httpStatusOf(err.code) : 502;
        // The GET that follows shows the invoice as it is now (paid, cancelled or nothing to pay).
        await servePage(req, res, next, { error: err instanceof ValidationError && err.message === ALREADY_PAID ? 'alreadyPaid' : 'createSession', status });
      }
    })().catch(next);
  });

  // The sign-in without scripts: its button is enabled from the start (a sign-in sent before the
  // scripts run is held for them), so a browser with scripts off posts it here. Signing in needs
  // them (the page says so): back to the page, with nothing of what was posted kept.
  router.post('/login', (req, res) => res.redirect(303, req.originalUrl));

  // The contact and demo forms without scripts: a plain form POST answered with the same page.
  router.post(['/contact', '/demo-request'], express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 20 }), (req, res, next) => {
    // Only a browser's own form post (scripts send JSON to /api/contact/ and /api/demo-request/).
    if (!req.is('application/x-www-form-urlencoded')) {
      res.status(415).json({ message: 'Send the form as application/x-www-form-urlencoded.' });
      return;
    }
    void handleFormPost(deps, site, req)
      .then(async ({ status, answer }) => {
        const data = { ...(await pageData(req)), form: answer };
        const html = await renderPage(req.originalUrl, data, false);
        // A build without the server entry: the same status with the client-rendered shell.
        send(res, status, html ?? readShell() ?? (answer.sent ? 'Sent.' : (answer.message ?? 'Not sent.')));
      })
      .catch(next);
  });

  return router;
};
