import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_DOCS } from '../api/main/openapi';
import { openApiPath } from '../api/platform/openapi/document';
import { testBackends } from './db';
import { REST_TABLE } from './security/access-table';
import { enumerateRoutes, routeKey } from './security/surface';
import { startTestServer, type TestServer } from './server';

const backend = testBackends()[0]!;

describe('the OpenAPI document', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server?.close());

  it('is served at /api/openapi.json and is a valid OpenAPI 3.1 document', async () => {
    const res = await server.client().get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every express route under /api/ and nothing else', () => {
    const served = enumerateRoutes(server.runtime.app)
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => `${r.method.toUpperCase()} ${openApiPath(r.path)}`)
      .sort();
    const documented = API_ROUTE_DOCS.map((d) => `${d.method.toUpperCase()} ${openApiPath(d.path)}`).sort();
    expect({ undocumented: served.filter((r) => !documented.includes(r)), notServed: documented.filter((d) => !served.includes(d)) }).toEqual({ undocumented: [], notServed: [] });
  });

  it('says who may call each route as the authorisation matrix does', () => {
    const differ = API_ROUTE_DOCS.filter((d) => REST_TABLE[routeKey(d)]?.rule !== d.access).map((d) => `${routeKey(d)}: ${d.access} (table: ${REST_TABLE[routeKey(d)]?.rule})`);
    expect(differ).toEqual([]);
  });

  it('offers API tokens only where a token is accepted, and names the area it needs', async () => {
    const { body } = await server.client().get('/api/openapi.json').expect(200);
    const op = (path: string, method: string) => body.paths[path][method] as { security: Record<string, string[]>[]; description: string };
    const schemes = (path: string, method: string) => op(path, method).security.map((s) => Object.keys(s).sort().join('+'));
    expect(schemes('/api/invoices/', 'get')).toEqual(['csrf+session', 'token']);
    expect(op('/api/invoices/', 'get').description).toContain('an API token with the billing area (or all)');
    expect(op('/api/journal-entries/', 'post').description).toContain('an API token with the accounting area (or all) with the write scope');
    expect(op('/api/webhook-endpoints/', 'get').description).toContain('an API token with all areas');
    // Closed to tokens: the tokens themselves, two-factor, the portal.
    expect(schemes('/api/tokens/', 'get')).toEqual(['csrf+session']);
    expect(schemes('/api/two-factor/', 'get')).toEqual(['csrf+session']);
    expect(schemes('/api/portal/my-account/', 'get')).toEqual(['csrf+session']);
    expect(schemes('/api/company-info/', 'get')).toEqual([]);
    expect(Object.keys(body.components.securitySchemes).sort()).toEqual(['csrf', 'session', 'token']);
  });

  it('holds a real list to its promised headers, and its 304 when nothing changed', async () => {
    const admin = server.client();
    await admin.login();
    const first = await admin.get('/api/invoices/').expect(200);
    expect(first.headers['x-total-count']).toBe('0');
    await admin.get('/api/invoices/').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('serves a reference page reading the document, with its one asset from the app (no CDN)', async () => {
    const client = server.client();
    const page = await client.get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('spec-url="/api/openapi.json"');
    // Nothing but the app's own files, and no inline script.
    expect(page.headers['content-security-policy']).toContain("font-src 'self'");
    expect(page.text).not.toMatch(/<script>|<script(?![^>]*\bsrc=)/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual(['/api/docs/assets/rapidoc-min.js']);
    const asset = await client.get(sources[0]!).expect(200);
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect(asset.text.length).toBeGreaterThan(100_000);
    await client.get('/api/docs/assets/package.json').expect(404);
    await client.get('/api/docs/assets/rapidoc-min.js/..%2F..%2Fpackage.json').expect(404);
    await client.post('/api/docs/assets/rapidoc-min.js').expect(404);
  });
});
