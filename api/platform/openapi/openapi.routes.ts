import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import type { OpenApiDocument } from './document';

/** Swagger UI's files, from the package in node_modules (no CDN): only the ones the page loads. */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png']);

/** The page's own script (the CSP allows no inline one): the reference of /api/openapi.json, and the CSRF header on a session's tries. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  var csrf = function () { var m = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/); return m ? decodeURIComponent(m[1]) : ''; };
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    requestInterceptor: function (req) { if (req.method !== 'GET' && csrf()) req.headers['X-CSRFToken'] = csrf(); return req; }
  });
});
`;

const PAGE = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`;

/** GET /api/openapi.json (the document) and /api/docs (a reference page reading it), with the page's assets. */
export const openApiRoutes = (document: () => OpenApiDocument): Router => {
  const router = Router();
  const serveUi = express.static(SWAGGER_UI_DIR, { index: false, maxAge: '1d' });
  let body: string | undefined;
  router.get('/openapi.json', (_req, res) => {
    body ??= JSON.stringify(document());
    res.type('application/json').send(body);
  });
  router.get('/docs/', (_req, res) => {
    res.type('html').send(PAGE(document().info.title));
  });
  router.use('/docs/assets', (req, res, next) => {
    if (req.path === '/init.js') return void res.type('text/javascript').set('Cache-Control', 'no-cache').send(INIT_SCRIPT);
    if (!SWAGGER_UI_FILES.has(req.path)) return next();
    return serveUi(req, res, next);
  });
  return router;
};
