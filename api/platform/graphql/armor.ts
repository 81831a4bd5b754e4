import { ApolloArmor } from '@escape.tech/graphql-armor';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import type { Request, RequestHandler } from 'express';
import type { GraphQLError } from 'graphql';
import { LRUCache } from 'lru-cache';

/**
 * Operation limits for every GraphQL request, anonymous ones included. The web client's largest
 * operation has depth 6 and cost about 240 (test/security/graphql-limits checks every one of them
 * against these), so the limits leave room to grow while refusing documents built to exhaust the
 * server: thousands of aliases, deep nesting, huge token counts.
 */
export const GRAPHQL_LIMITS = {
  aliases: 15,
  depth: 8,
  cost: 1000,
  tokens: 1000,
  directives: 20,
} as const;

/**
 * GraphQL Armor's validation rules and Apollo plugins. Its suggestion mask is off: it misses the
 * enum wording ("Did you mean the enum value …?"), so in production api/platform/graphql/format-error.ts
 * cuts every suggestion from every message instead. The token limit runs as express middleware before Apollo (`tokenLimit`):
 * Armor's Apollo plugin for it throws from a hook, which Apollo answers with a 500. So does the
 * Accept check (`acceptable`).
 */
export const graphqlProtection = () => {
  const { plugins, validationRules } = new ApolloArmor({
    // __typename aliases too: 5,000 of them cost as much to answer as any other.
    maxAliases: { n: GRAPHQL_LIMITS.aliases, allowList: [] },
    maxDepth: { n: GRAPHQL_LIMITS.depth },
    costLimit: { maxCost: GRAPHQL_LIMITS.cost },
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.directives },
    blockFieldSuggestion: { enabled: false },
  }).protect();
  return { plugins, validationRules, tokenLimit, acceptable };
};

/**
 * Documents already found within the limit: the verdict depends on the text alone, and clients
 * send the same few documents over and over (lexing one again cost as much as executing it).
 */
const withinLimit = new LRUCache<string, true>({ maxSize: 4_000_000, maxEntrySize: 20_000, sizeCalculation: (_ok, query) => query.length });

/**
 * Every document Apollo may run from this request: a POST body's `query`, and the query string's
 * (Apollo answers GET /graphql?query=… too, read with URLSearchParams as here).
 */
const documentsOf = (req: Request): string[] => {
  const body = (req.body as { query?: unknown } | undefined)?.query;
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  return [...(typeof body === 'string' ? [body] : []), ...new URLSearchParams(search).getAll('query')];
};

/** The limit's refusal of one document, if any; other syntax errors are left to Apollo. */
const tokenRefusal = (query: string): GraphQLError | undefined => {
  if (withinLimit.get(query)) return undefined;
  let refused: GraphQLError | undefined;
  try {
    new MaxTokensParserWLexer(query, { n: GRAPHQL_LIMITS.tokens, onReject: [(_ctx, error) => (refused = error)] }).parseDocument();
    if (!refused) withinLimit.set(query, true);
  } catch {
    // A syntax error: Apollo reports it.
  }
  return refused;
};

/** Lexes each document only as far as the token limit, before Apollo parses it. */
const tokenLimit: RequestHandler = (req, res, next) => {
  for (const query of documentsOf(req)) {
    const refused = tokenRefusal(query);
    if (refused) {
      res.status(400).json({ errors: [{ message: refused.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
      return;
    }
  }
  next();
};

/** The answers Apollo writes (besides multipart, which this server never sends: no @defer, no subscriptions). */
const GRAPHQL_ANSWER_TYPES = ['application/graphql-response+json', 'application/json'];

/**
 * Refuses a request whose Accept takes no JSON answer (406) before Apollo runs it: Apollo
 * negotiates the answer's type only after executing the operation, so a mutation sent with such a
 * header was carried out and then answered as refused.
 */
const acceptable: RequestHandler = (req, res, next) => {
  if (req.get('accept') !== undefined && !req.accepts(GRAPHQL_ANSWER_TYPES)) {
    res.status(406).json({ errors: [{ message: `An 'accept' header was provided for this request which does not accept ${GRAPHQL_ANSWER_TYPES.join(' or ')}.`, extensions: { code: 'BAD_REQUEST' } }] });
    return;
  }
  next();
};
