import { z } from 'zod';
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import { restAreaOf, type RequestArea } from '../../../domain/auth/api-token';
import type { Answer, RouteDoc } from './route-doc';
import { ErrorBody, idempotencyKeyHeader, SavedAnswer } from './wire-schemas';

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** `/api/clients/:id/` → `/api/clients/{id}/` */
export const openApiPath = (expressPath: string): string => expressPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const paramNames = (expressPath: string): string[] => [...expressPath.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);

/** `GET /api/clients/:id/vies-checks/` → `getClientsByIdViesChecks` */
export const operationId = (doc: Pick<RouteDoc, 'method' | 'path'>): string =>
  doc.method +
  doc.path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${cap(segment.slice(1))}` : segment.split(/[-_.]/).map(cap).join('')))
    .join('');

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const SESSION: oas31.SecurityRequirementObject = { session: [], csrf: [] };

/** Which API tokens reach a path: by its area (domain/auth/api-token.ts decides the same at run time). */
const TOKEN_NOTE: Record<Exclude<RequestArea, 'public' | 'closed'>, string> = {
  billing: 'an API token with the billing area (or all)',
  accounting: 'an API token with the accounting area (or all)',
  other: 'an API token with all areas',
};

/** Who may call, as OpenAPI security (a browser session, with its CSRF header on writes, or an API token) and in words. */
const whoMayCall = (doc: RouteDoc): { security: oas31.SecurityRequirementObject[]; note: string } => {
  const area = restAreaOf(doc.path);
  const token = area === 'public' || area === 'closed' ? null : TOKEN_NOTE[area];
  const writes = doc.method === 'get' ? '' : ' with the write scope';
  switch (doc.access) {
    case 'public':
      return { security: [], note: 'Anyone.' };
    case 'capability':
      return { security: [], note: 'Anyone holding the id (a pay link).' };
    case 'signed':
      return { security: [], note: 'Stripe only: the body must carry a valid `Stripe-Signature`.' };
    case 'superuser':
      return token
        ? { security: [SESSION, { token: [] }], note: `The superuser (a session), or ${token}${writes}.` }
        : { security: [SESSION], note: 'The superuser, signed in (API tokens are refused here).' };
    case 'owner':
      return token
        ? { security: [SESSION, { token: [] }], note: `The superuser (a session, or ${token}), or the client user the record belongs to.` }
        : { security: [SESSION], note: 'The superuser, or the client user the record belongs to.' };
    case 'client':
      return { security: [SESSION], note: 'A client user (the portal), signed in.' };
    case 'authenticated':
      return { security: [SESSION], note: 'Any signed-in user (API tokens are refused here).' };
  }
};

const answerObject = (answer: Answer): ZodOpenApiResponseObject => {
  switch (answer.kind) {
    case 'json':
      return { description: answer.description, content: { 'application/json': { schema: answer.schema } } };
    case 'file':
      return { description: answer.description, content: Object.fromEntries(answer.types.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])) };
    case 'html':
      return { description: answer.description, content: { 'text/html': { schema: { type: 'string' } } } };
    case 'empty':
      return { description: answer.description };
    case 'redirect':
      return { description: answer.description, headers: { Location: { schema: { type: 'string' } } } };
  }
};

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });

const operationOf = (doc: RouteDoc): ZodOpenApiOperationObject => {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  const headers = doc.answerHeaders && Object.fromEntries(Object.entries(doc.answerHeaders).map(([name, description]) => [name, { description, required: true, schema: { type: 'string' as const } }]));
  for (const [status, answer] of Object.entries(doc.answers)) {
    const object = answerObject(answer);
    responses[status] = headers && Number(status) < 300 ? { ...object, headers: { ...object.headers, ...headers } } : object;
  }
  // Express tags every GET answer with an ETag: `If-None-Match` with it (or `*`) answers 304.
  if (doc.method === 'get' && !responses['304']) responses['304'] = { description: 'Not modified since the `ETag` sent in `If-None-Match`.' };
  // After its events are appended a write is saved, whatever fails next: 202 with the ids.
  if (doc.method !== 'get' && !responses['202']) {
    responses['202'] = { description: 'Saved, but the answer could not be read yet: do not send it again.', content: { 'application/json': { schema: SavedAnswer } } };
  }
  responses['4XX'] = errorAnswer('Refused: 400 names the fields, 401 signed out, 403 not allowed, 404 not found, 409 conflict, 413 too large, 429 too many requests.');
  responses['5XX'] = errorAnswer('The server failed (500) or is briefly unavailable (503).');

  const names = paramNames(doc.path);
  const path = doc.params ?? z.object(Object.fromEntries(names.map((n) => [n, z.string().meta({ format: 'uuid' })])));
  const extra = doc.params ? names.filter((n) => !(n in doc.params!.shape)) : [];
  if (extra.length) throw new Error(`${doc.method.toUpperCase()} ${doc.path}: path parameters ${extra.join(', ')} have no schema`);

  const header = doc.method === 'get' ? doc.headers : idempotencyKeyHeader.extend(doc.headers?.shape ?? {});
  const who = whoMayCall(doc);
  const op: ZodOpenApiOperationObject = {
    operationId: operationId(doc),
    tags: [doc.tag],
    summary: doc.summary,
    description: [doc.description, `**Who:** ${who.note}`].filter(Boolean).join('\n\n'),
    security: who.security,
    requestParams: { ...(names.length ? { path } : {}), ...(doc.query ? { query: doc.query } : {}), ...(header ? { header } : {}) },
    responses,
  };
  // A body the route does without (`schema.optional()`) is not required.
  if (doc.body) op.requestBody = { required: !doc.body.safeParse(undefined).success, content: { 'application/json': { schema: doc.body } } };
  if (doc.upload) {
    const fields = z.object({ [doc.upload.field]: z.string().meta({ format: 'binary', description: doc.upload.description }), ...(doc.upload.fields?.shape ?? {}) });
    op.requestBody = { required: true, content: { 'multipart/form-data': { schema: fields } } };
  }
  return op;
};

export const API_INFO = {
  title: 'GRC billing and accounting API',
  version: '1',
  description: [
    'The REST API of the billing and accounting back office, the client portal and the public site.',
    '',
    'Amounts are euros as JSON numbers with at most two decimals unless a field names its currency; dates are `YYYY-MM-DD`.',
    'A write answered while the read models catch up carries `"pending": true` beside its fields.',
    'Every write accepts an `Idempotency-Key` header (listed on each): a retry with the same key and body answers as the first did.',
    '',
    'Authenticate with an API token (`Authorization: Bearer grcb_…`, created under Settings › Integrations) or, in a browser, with the session cookie and its CSRF token echoed in `X-CSRFToken` on writes.',
  ].join('\n'),
};

/** The OpenAPI 3.1 document of these routes. */
export const openApiDocument = (routes: readonly RouteDoc[]): OpenApiDocument => {
  const paths: ZodOpenApiPathsObject = {};
  for (const doc of routes) {
    const item = (paths[openApiPath(doc.path)] ??= {});
    if (item[doc.method]) throw new Error(`${doc.method.toUpperCase()} ${doc.path} is documented twice`);
    item[doc.method] = operationOf(doc);
  }
  const tags = [...new Set(routes.map((r) => r.tag))].map((name) => ({ name }));
  return createDocument(
    {
      openapi: '3.1.0',
      info: API_INFO,
      tags,
      paths,
      components: {
        securitySchemes: {
          token: { type: 'http', scheme: 'bearer', description: 'An API token (`grcb_…`): its scope (read or write) and areas (billing, accounting, all) decide what it reaches.' },
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid', description: 'The browser session set by `POST /api/login/`.' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken', description: 'With a session, writes echo the `csrftoken` cookie here.' },
        },
      },
    },
  );
};
