import { ApolloArmor } from '@escape.tech/graphql-armor';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import type { RequestHandler } from 'express';
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
 * GraphQL Armor's validation rules and Apollo plugins; field suggestions ("Did you mean…?") are
 * hidden in production. The token limit runs as express middleware before Apollo (`tokenLimit`):
 * Armor's Apollo plugin for it throws from a hook, which Apollo answers with a 500.
 */
export const graphqlProtection = (production: boolean) => {
  const { plugins, validationRules } = new ApolloArmor({
    // __typename aliases too: 5,000 of them cost as much to answer as any other.
    maxAliases: { n: GRAPHQL_LIMITS.aliases, allowList: [] },
    maxDepth: { n: GRAPHQL_LIMITS.depth },
    costLimit: { maxCost: GRAPHQL_LIMITS.cost },
    maxTokens: { enabled: false },
    maxDirectives: { n: GRAPHQL_LIMITS.directives },
    blockFieldSuggestion: { enabled: production },
  }).protect();
  return { plugins, validationRules, tokenLimit };
};

/**
 * Documents already found within the limit: the verdict depends on the text alone, and clients
 * send the same few documents over and over (lexing one again cost as much as executing it).
 */
const withinLimit = new LRUCache<string, true>({ maxSize: 4_000_000, maxEntrySize: 20_000, sizeCalculation: (_ok, query) => query.length });

/** Lexes the document only as far as the token limit; other syntax errors are left to Apollo. */
const tokenLimit: RequestHandler = (req, res, next) => {
  const query = (req.body as { query?: unknown } | undefined)?.query;
  if (typeof query !== 'string' || withinLimit.get(query)) return next();
  let refused: GraphQLError | undefined;
  try {
    new MaxTokensParserWLexer(query, { n: GRAPHQL_LIMITS.tokens, onReject: [(_ctx, error) => (refused = error)] }).parseDocument();
    if (!refused) withinLimit.set(query, true);
  } catch {
    // A syntax error: Apollo reports it.
  }
  if (!refused) return next();
  res.status(400).json({ errors: [{ message: refused.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
};
