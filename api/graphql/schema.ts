import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../auth/auth.resolver';
import { authChecker } from './context';

/** Every resolver of the API. Feature modules add theirs here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [AuthResolver];

let cached: Promise<GraphQLSchema> | undefined;

/** type-graphql keeps metadata globally, so the schema is built once per process. */
export const getSchema = (): Promise<GraphQLSchema> =>
  (cached ??= buildSchema({
    resolvers,
    authChecker,
    validate: { forbidUnknownValues: false },
    emitSchemaFile: false,
  }));
