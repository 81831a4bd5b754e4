import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request } from 'express';

/** Rewrites index.html per request (e.g. a page's translated head tags) before it is sent. */
export type IndexTransform = (html: string, req: Request, dist: string) => string;

export const WEB_DIST = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached, and every other
 * GET that is not an API path answered with the SPA's index.html (client-side routes).
 */
export const serveWeb = (app: Express, dist = WEB_DIST, transformIndex?: IndexTransform): void => {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return;
  app.use(
    '/assets',
    express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  app.use(
    express.static(dist, {
      index: false,
      setHeaders: (res, file) => {
        if (file.endsWith('.html') || file.endsWith('.json')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  app.get(/^(?!\/(api|graphql|static|assets)\/).*/, (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!transformIndex) return res.sendFile(index);
    res.type('html').send(transformIndex(fs.readFileSync(index, 'utf8'), req, dist));
  });
};
