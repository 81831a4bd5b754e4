import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { apiDocument } from '../api/main/openapi';

/**
 * Every answer a test client receives from /api/ is checked against the OpenAPI document served
 * at /api/openapi.json: its status must be documented for the route, and its body must match the
 * documented schema (JSON) or media type (files). A drift fails the test that met it.
 */

const Ajv2020 = (Ajv2020Module as unknown as { default?: typeof Ajv2020Module }).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: Record<string, { required?: boolean }> }>;
}
interface Route {
  template: string;
  pattern: RegExp;
  params: number;
  item: Record<string, Operation>;
}

const DOC_ID = 'https://openapi.test/openapi.json';

let state: { ajv: InstanceType<typeof Ajv2020>; routes: Route[]; validators: Map<string, ValidateFunction> } | undefined;

const load = () => {
  if (state) return state;
  const document = JSON.parse(JSON.stringify(apiDocument())) as Json & { paths: Record<string, Record<string, Operation>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ ...document, $id: DOC_ID });
  const routes = Object.entries(document.paths).map(([template, item]) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i'),
    params: (template.match(/\{/g) ?? []).length,
    item,
  }));
  // The most literal template first: /api/invoices/generate/ before /api/invoices/{id}/.
  routes.sort((a, b) => a.params - b.params);
  state = { ajv, routes, validators: new Map() };
  return state;
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** What is wrong with this answer by the document, or null (also for paths it does not describe: the route test names those). */
export const answerProblem = (method: string, url: string, status: number, contentType: string | undefined, body: unknown, headers: Record<string, string> = {}): string | null => {
  const { pathname } = new URL(url, 'http://localhost');
  if (!pathname.startsWith('/api/')) return null;
  const { ajv, routes, validators } = load();
  const path = pathname.endsWith('/') || pathname.endsWith('.json') ? pathname : `${pathname}/`;
  const m = method.toLowerCase();
  const route = routes.find((r) => r.pattern.test(path) && r.item[m]);
  if (!route) return null;
  const where = `${method.toUpperCase()} ${pathname} (${route.template})`;
  const responses = route.item[m]!.responses;
  const key = responses[String(status)] ? String(status) : responses[`${String(status)[0]}XX`] ? `${String(status)[0]}XX` : undefined;
  if (!key) return `${where} answered ${status}, which the OpenAPI document does not list (${Object.keys(responses).join(', ')})`;
  // Node's HTTP server refuses some requests before the app sees them (431 for headers or a URL too large), with no body.
  if (status >= 400 && !contentType && (body === undefined || body === '' || (typeof body === 'object' && body !== null && Object.keys(body).length === 0))) return null;
  const missing = Object.entries(responses[key]!.headers ?? {})
    .filter(([name, header]) => header.required && headers[name.toLowerCase()] === undefined)
    .map(([name]) => name);
  if (missing.length) return `${where} answered ${status} without the header${missing.length > 1 ? 's' : ''} ${missing.join(', ')} the OpenAPI document promises`;
  const content = responses[key]!.content;
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!content) {
    return status === 204 || status >= 300 || !mediaType ? null : `${where} answered ${status} with ${mediaType}, documented without a body`;
  }
  if (!content[mediaType]) return `${where} answered ${status} with ${mediaType || 'no body'}, documented as ${Object.keys(content).join(' or ')}`;
  if (mediaType !== 'application/json') return null;
  // A download's body comes as its bytes (TestClient.download): a JSON refusal is read from them.
  let answer = Buffer.isBuffer(body) ? parseJson(body.toString('utf8')) : body;
  // A write whose read models are catching up adds "pending": true beside its fields (documented in the info).
  if (m !== 'get' && status < 300 && key !== '202' && answer && typeof answer === 'object' && !Array.isArray(answer) && (answer as Json).pending === true) {
    const { pending: _pending, ...rest } = answer as Json;
    answer = rest;
  }
  const ref = `${DOC_ID}#/${pointer('paths', route.template, m, 'responses', key, 'content', mediaType, 'schema')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  if (validate(answer)) return null;
  const errors = (validate.errors ?? []).slice(0, 6).map((e) => `${e.instancePath || '(answer)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  return `${where} answered ${status} not as the OpenAPI document says: ${errors.join('; ')}`;
};

interface CheckedRequest {
  method: string;
  url: string;
  end: (fn: (err: unknown, res: unknown) => void) => unknown;
}
interface CheckedResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  redirects?: string[];
}

/** A superagent plugin: the request fails with the drift when its answer differs from the document. */
export const checkAnswers = <T>(request: T): T => {
  const req = request as unknown as CheckedRequest;
  const end = req.end.bind(req);
  req.end = (fn) =>
    end((err, res) => {
      const r = res as CheckedResponse | undefined;
      if (r && !r.redirects?.length) {
        const problem = answerProblem(req.method, req.url, r.status, r.headers['content-type'], r.body, r.headers);
        if (problem) return fn(new Error(problem), res);
      }
      return fn(err, res);
    });
  return request;
};
