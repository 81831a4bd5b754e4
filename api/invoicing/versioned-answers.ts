import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import type { FieldNode, OperationDefinitionNode } from 'graphql';
import { LRUCache } from 'lru-cache';
import { dayOf } from '../../domain/shared/dates';
import { INVOICE_LIST_TABLES } from './invoice.queries';
import { requestTableVersions } from '../platform/http/request-context';
import type { GraphQLContext } from '../platform/graphql/context';

/**
 * Root query fields whose answer depends on nothing but these tables, the day and who asks. Their
 * resolvers read through the same table versions (api/platform/db/table-versions.ts): `invoices` lists
 * through listInvoices, which caches per version of the invoice list and the clients.
 */
export const VERSIONED_ROOT_FIELDS: Readonly<Record<string, readonly string[]>> = {
  invoices: INVOICE_LIST_TABLES,
};

/** The tables an operation reads, when every root field it selects is a versioned one (no fragments or directives at the root). */
const tablesOf = (operation: OperationDefinitionNode): readonly string[] | undefined => {
  if (operation.operation !== 'query') return undefined;
  const tables = new Set<string>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== 'Field' || selection.directives?.length) return undefined;
    const read = VERSIONED_ROOT_FIELDS[(selection as FieldNode).name.value];
    if (!read) return undefined;
    read.forEach((t) => tables.add(t));
  }
  return [...tables];
};

/**
 * Whole GraphQL answers of versioned queries, kept while the tables they read are unchanged, so a
 * repeated list query skips execution as the REST list skips its query. The key holds the tables'
 * versions as read with the session at the request's start (before any of its data), the day,
 * the user (and what decides their access), the document and its variables: an answer stored under
 * versions V holds at least everything committed at V, and any later commit changes the versions.
 * Answers with errors are never kept. Requests without a version snapshot are executed as usual.
 * `graphql_cached_answers_total{outcome}` counts hits and misses.
 */
export const versionedAnswers = (options: { max?: number } = {}): ApolloServerPlugin<GraphQLContext> => {
  const answers = new LRUCache<string, Record<string, unknown>>({ max: options.max ?? 500 });
  const documentTables = new WeakMap<OperationDefinitionNode, readonly string[] | null>();
  return {
    requestDidStart: async () => {
      let key: string | undefined;
      return {
        responseForOperation: async ({ operation, contextValue, queryHash, operationName, request }) => {
          if (!operation) return null;
          let tables = documentTables.get(operation);
          if (tables === undefined) documentTables.set(operation, (tables = tablesOf(operation) ?? null));
          const versions = tables && requestTableVersions();
          if (!tables || !versions) return null;
          const user = contextValue.user;
          const principal = user ? `${user.id}:${user.is_superuser}:${user.client_id ?? ''}:${user.two_factor_setup_required ? 1 : 0}` : '-';
          key = [
            tables.map((t) => versions[t] ?? 0).join(':'),
            dayOf(contextValue.deps.clock()),
            principal,
            queryHash,
            operationName ?? '',
            JSON.stringify(request.variables ?? {}),
          ].join('|');
          const data = answers.get(key);
          contextValue.deps.metrics.graphqlCachedAnswers.inc({ outcome: data ? 'hit' : 'miss' });
          if (!data) return null;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data } } };
        },
        willSendResponse: async ({ response }) => {
          if (!key || response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if (data && !errors && !answers.has(key)) answers.set(key, data);
        },
      };
    },
  };
};
