import { createRequire } from 'node:module';
import { Router } from 'express';
import type { OpenApiDocument } from './document';

/** RapiDoc's one file, from the package in node_modules (no CDN). */
const RAPIDOC_FILE = createRequire(import.meta.url).resolve('rapidoc/dist/rapidoc-min.js');

/**
 * The reference page: RapiDoc's web component reading /api/openapi.json (no inline script, as the
 * CSP wants), in the system's fonts, so nothing is fetched from elsewhere (its stylesheet names a
 * web font the page never uses; the page's CSP allows fonts from itself only, to be sure).
 */
const PAGE = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<script type="module" src="/api/docs/assets/rapidoc-min.js"></script>
</head>
<body style="margin:0">
<rapi-doc spec-url="/api/openapi.json" load-fonts="false" render-style="read" show-header="false" allow-authentication="true" allow-server-selection="false"
  schema-style="table" default-schema-tab="schema" schema-description-expanded="true" sort-tags="false"
  regular-font="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" mono-font="ui-monospace, 'SFMono-Regular', Menlo, monospace"
  primary-color="#1f4e79" theme="light"></rapi-doc>
</body>
</html>
`;

const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'";

/** GET /api/openapi.json (the document) and /api/docs (a reference page reading it), with the page's assets. */
export const openApiRoutes = (document: () => OpenApiDocument): Router => {
  const router = Router();
  let body: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    body ??= JSON.stringify(document());
    res.type('application/json').send(body);
  });
  router.get('/docs/', (_req, res) => {
    res.set('Content-Security-Policy', DOCS_CSP).type('html').send(PAGE(document().info.title));
  });
  // The page's asset (a file, not an endpoint of the API).
  router.use('/docs/assets/rapidoc-min.js', (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    res.sendFile(RAPIDOC_FILE, { maxAge: '1d', headers: { 'Content-Type': 'text/javascript; charset=utf-8' } }, (err) => err && next(err));
  });
  return router;
};
