import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached, and every other
 * GET that is not an API path answered with the SPA's index.html (client-side routes).
 */
export const serveWeb = (app: Express, dist = WEB_DIST): void => {
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
  app.get(/^(?!\/(api|graphql|static|assets)\/).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
};
