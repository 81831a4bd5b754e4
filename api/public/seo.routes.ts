import { Router } from 'express';
import { localizedUrl, PRIVATE_PREFIXES, PUBLIC_PAGES, SITE_LANGUAGES } from '../../domain/site/site-map';
import type { AppDeps } from '../platform/deps';

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const sitemapXml = (base: string): string => {
  const urls = PUBLIC_PAGES.flatMap((page) =>
    SITE_LANGUAGES.map((lng) => {
      const alternates = SITE_LANGUAGES.map(
        (alt) => `<xhtml:link rel="alternate" hreflang="${alt}" href="${escapeXml(localizedUrl(base, page, alt))}"/>`,
      ).join('');
      const fallback = `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(base + page)}"/>`;
      return `<url><loc>${escapeXml(localizedUrl(base, page, lng))}</loc>${alternates}${fallback}</url>`;
    }),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
};

export const robotsTxt = (base: string): string =>
  ['User-agent: *', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');

/** Crawler files, built from PUBLIC_BASE_URL so their links are absolute. */
export const seoRoutes = (deps: AppDeps): Router => {
  const router = Router();
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(sitemapXml(deps.config.publicBaseUrl));
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(robotsTxt(deps.config.publicBaseUrl));
  });
  return router;
};
