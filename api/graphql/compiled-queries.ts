import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { execute, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type Executor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;

/**
 * graphql-jit's errors as graphql-js makes them: its own leave `extensions` undefined when the
 * thrown error has none, where graphql-js (and Apollo's error formatting, which reads
 * `extensions.code`) expects an object.
 */
const asGraphQLErrors = (result: ExecutionResult): ExecutionResult => {
  if (!result.errors) return result;
  const errors = result.errors.map((e) => {
    const error = new GraphQLError(e.message, { path: e.path, originalError: e.originalError ?? undefined, extensions: e.extensions ?? undefined });
    // Where in the document: graphql-jit has worked it out already, and graphql-js would from nodes we do not have.
    (error as { locations?: GraphQLError['locations'] }).locations = e.locations;
    return error;
  });
  return { ...result, errors };
};

/**
 * Apollo with our own executor, through its executor hook (the `gateway` option; nothing is
 * federated): queries run as JavaScript that graphql-jit compiles once per document and operation,
 * instead of graphql-js walking the document field by field for every request (a page of 50
 * invoices is some 400 field visits, each allocating its info, path and arguments). Apollo still
 * parses, validates (with GraphQL Armor's limits) and formats errors as before; the schema, its
 * resolvers and the answers are the same.
 *
 * Mutations stay on graphql-js, as does a query graphql-jit cannot compile. When a compiled query
 * gives no data, nothing has run (its variables were refused): graphql-js then runs it to word the
 * refusal exactly as before, which Apollo answers with a 400.
 */
export const compiledQueryGateway = (schema: GraphQLSchema): Gateway => {
  // Apollo keeps one parsed document per query text (its document store), so the document object
  // is the key: a compiled query lives as long as Apollo keeps its document.
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();
  const compiledFor = (document: DocumentNode, operationName: string | null): CompiledQuery | null => {
    let byOperation = compiled.get(document);
    if (!byOperation) compiled.set(document, (byOperation = new Map()));
    const key = operationName ?? '';
    let query = byOperation.get(key);
    if (query === undefined) {
      const result = compileQuery(schema, document, operationName ?? undefined);
      query = isCompiledQuery(result) ? result : null;
      byOperation.set(key, query);
    }
    return query;
  };

  const executor: Executor = async ({ document, operation, operationName, request, context }) => {
    const interpret = () => execute({ schema, document, contextValue: context, variableValues: request.variables, operationName });
    const query = operation.operation === 'query' ? compiledFor(document, operationName) : null;
    if (!query) return interpret();
    const result = await query.query(undefined, context, request.variables ?? {});
    return result.data === undefined ? interpret() : asGraphQLErrors(result);
  };

  return {
    onSchemaLoadOrUpdate: (listener) => {
      listener({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    load: async () => ({ executor }),
    stop: async () => {},
  };
};
