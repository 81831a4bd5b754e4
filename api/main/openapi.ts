import { openApiDocument, type OpenApiDocument } from '../platform/openapi/document';
import { openApiDocs } from '../platform/openapi/openapi.openapi';
import type { RouteDoc } from '../platform/openapi/route-doc';
import { clientDocs } from '../clients/client.openapi';

/** Every REST route's docs, in the reference's order (a test holds them to the routes express serves). */
export const API_ROUTE_DOCS: readonly RouteDoc[] = [...clientDocs, ...openApiDocs];

let document: OpenApiDocument | undefined;

/** GET /api/openapi.json's document, built once. */
export const apiDocument = (): OpenApiDocument => (document ??= openApiDocument(API_ROUTE_DOCS));
