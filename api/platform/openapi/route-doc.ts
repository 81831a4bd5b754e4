import { z } from 'zod';

/**
 * What a REST route says of itself for the OpenAPI document: its request, with the very zod
 * schemas the route parses with, and its answers, with zod schemas of what it sends. Each feature
 * declares its routes' docs beside the routes (`*.openapi.ts`); `api/main/openapi.ts` gathers them
 * and a test holds the list to the routes express really serves, both ways.
 */

/** Who may call: the same rules as the authorisation matrix's table (test/security/access-table.ts). */
export type Access = 'public' | 'superuser' | 'client' | 'authenticated' | 'owner' | 'capability' | 'signed';

export type Answer =
  | { kind: 'json'; schema: z.ZodType; description: string }
  /** Bytes of one of these media types (a PDF, an XLSX, an XML or CSV file). */
  | { kind: 'file'; types: readonly string[]; description: string }
  | { kind: 'html'; description: string }
  | { kind: 'empty'; description: string }
  | { kind: 'redirect'; description: string };

export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303 | 304;

export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'delete';
  /** The express path, as the router declares it (`/api/clients/:id/`). */
  path: string;
  summary: string;
  description?: string;
  /** The reference's section (Clients, Invoices, …). */
  tag: string;
  access: Access;
  /** Path parameters other than plain ids (`:id` is a UUID unless named here). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body with one file. */
  upload?: { field: string; description: string; fields?: z.ZodObject };
  /** Request headers the route reads (Idempotency-Key, Stripe-Signature). */
  headers?: z.ZodObject;
  answers: Partial<Record<SuccessStatus, Answer>>;
  /** Headers every success answer carries (name → what it says), e.g. a list's `X-Total-Count`. */
  answerHeaders?: Readonly<Record<string, string>>;
}

/** A paged list's total, in a header beside the page. */
export const TOTAL_COUNT = { 'X-Total-Count': 'How many match the filters in all (the page holds at most `limit` of them).' } as const;

export const json = (schema: z.ZodType, description = 'OK'): Answer => ({ kind: 'json', schema, description });
export const file = (types: readonly string[], description: string): Answer => ({ kind: 'file', types, description });
export const html = (description: string): Answer => ({ kind: 'html', description });
export const empty = (description = 'Done; no content.'): Answer => ({ kind: 'empty', description });
export const redirect = (description: string): Answer => ({ kind: 'redirect', description });

/** Every route's docs in one tag, `tag` filled in. */
export const tagged = (tag: string, docs: readonly Omit<RouteDoc, 'tag'>[]): RouteDoc[] => docs.map((d) => ({ ...d, tag }));

export const PDF = ['application/pdf'] as const;
export const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
export const CSV = ['text/csv'] as const;
export const XML = ['application/xml'] as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The schema, checked at compile time to describe exactly the TypeScript wire type the route
 * answers with: `wire<ClientWire>()(ClientAnswer)` fails `npm run typecheck` when the two drift.
 */
export const wire =
  <Wire>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, Wire> extends true ? unknown : { error: 'the schema and the wire type differ'; schema: z.output<S>; wire: Wire })): S =>
    schema;
