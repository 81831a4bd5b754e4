import type { Express } from 'express';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

export interface RouteEntry {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: string;
}

interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

const joinPath = (prefix: string, p: string) => (prefix + (p === '/' ? '' : p)).replace(/\/{2,}/g, '/') || '/';

const walk = (stack: LayerLike[], prefix: string, out: RouteEntry[]) => {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const p of paths) {
        // Regex routes (the web shell's catch-all) are not endpoints of the API.
        if (typeof p !== 'string') continue;
        for (const [m, on] of Object.entries(layer.route.methods)) {
          if (on && m !== '_all') out.push({ method: m as RouteEntry['method'], path: joinPath(prefix, p) });
        }
      }
    } else if (layer.handle?.stack) {
      const mounts = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath ?? '/'];
      for (const mount of mounts) if (typeof mount === 'string') walk(layer.handle.stack, joinPath(prefix, mount), out);
    }
  }
};

/** Every method + path the built express app routes, including routers mounted inside routers. */
export const enumerateRoutes = (app: Express): RouteEntry[] => {
  const router = (app as unknown as { router: { stack: LayerLike[] } }).router;
  const out: RouteEntry[] = [];
  walk(router.stack, '', out);
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export const routeKey = (r: RouteEntry) => `${r.method.toUpperCase()} ${r.path}`;

export interface Operation {
  kind: 'query' | 'mutation';
  name: string;
  field: GraphQLField<unknown, unknown>;
}

export const enumerateOperations = (schema: GraphQLSchema): Operation[] => [
  ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({ kind: 'query' as const, name: field.name, field })),
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({ kind: 'mutation' as const, name: field.name, field })),
];

/** A value of the argument's type that passes GraphQL's own validation, so the resolver's guard is what answers. */
export const sampleValue = (type: GraphQLInputType, idValue: string, depth = 0): unknown => {
  if (isNonNullType(type)) return sampleValue(type.ofType, idValue, depth);
  if (isListType(type)) return [sampleValue(type.ofType, idValue, depth + 1)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    const obj: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined && depth < 4) obj[f.name] = sampleValue(f.type, idValue, depth + 1);
    }
    return obj;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return idValue;
      case 'Int':
      case 'Float':
        return 1;
      case 'Boolean':
        return true;
      default:
        return 'x';
    }
  }
  return null;
};

/** One document for the operation, with every required argument passed as a variable. */
export const operationDocument = (op: Operation, idValue: string): { query: string; variables: Record<string, unknown> } => {
  const required = op.field.args.filter((a: GraphQLArgument) => isNonNullType(a.type) && a.defaultValue === undefined);
  const decl = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const pass = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(op.field.type);
  const selection = isObjectType(named) || isAbstractType(named) ? ' { __typename }' : '';
  const variables = Object.fromEntries(required.map((a) => [a.name, sampleValue(a.type, idValue)]));
  const query = `${op.kind} Probe${decl ? `(${decl})` : ''} { ${op.name}${pass ? `(${pass})` : ''}${selection} }`;
  return { query, variables };
};
