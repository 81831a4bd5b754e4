import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request } from 'express';
import { projectRoot } from '../project-root';

/** Rewrites index.html per request (e.g. a page's translated head tags) before it is sent. */
export type IndexTransform = (html: string, req: Request, dist: string) => string;

export const WEB_DIST = path.join(projectRoot(import.meta.dirname), 'dist/web');

/** How often a served build file is checked for a newer version on disk (a rebuild while serving). */
export const RELOAD_CHECK_MS = 1000;

/**
 * Reads a file and parses it again only when its modification time changed, looking at the disk
 * at most once per RELOAD_CHECK_MS. The value keeps its identity between changes, so callers can
 * memoise on it. A file that vanishes (mid-build) keeps its last value.
 */
export const watchedFile = <T>(file: string, parse: (text: string) => T): (() => T | undefined) => {
  let value: T | undefined;
  let mtimeMs = -1;
  let checkedAt = -Infinity;
  return () => {
    const now = Date.now();
    if (now - checkedAt < RELOAD_CHECK_MS) return value;
    checkedAt = now;
    try {
      const stat = fs.statSync(file);
      if (stat.mtimeMs !== mtimeMs) {
        value = parse(fs.readFileSync(file, 'utf8'));
        mtimeMs = stat.mtimeMs;
      }
    } catch {
      // Keep the last good version.
    }
    return value;
  };
};

const SPA_PATH = /^(?!\/(api|graphql|static|assets)\/).*/;

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached, and every other
 * GET that is not an API path answered with the SPA's index.html (client-side routes). Page paths
 * (no file extension) go straight to the HTML without a file-system lookup.
 */
export const serveWeb = (app: Express, dist = WEB_DIST, transformIndex?: IndexTransform): void => {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return;
  const readIndex = watchedFile(index, (text) => text);
  const sendIndex = (req: Request, res: express.Response): void => {
    const html = readIndex() ?? '';
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(transformIndex ? transformIndex(html, req, dist) : html);
  };
  app.use(
    '/assets',
    express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  app.get(SPA_PATH, (req, res, next) => (path.extname(req.path) ? next() : sendIndex(req, res)));
  app.use(
    express.static(dist, {
      index: false,
      setHeaders: (res, file) => {
        if (file.endsWith('.html') || file.endsWith('.json')) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  app.get(SPA_PATH, sendIndex);
};
