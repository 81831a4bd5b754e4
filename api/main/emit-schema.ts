import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { getSchema } from './schema';

export const SCHEMA_FILE = path.resolve(import.meta.dirname, 'schema.graphql');

/** The schema's SDL, sorted so the file only changes when the schema does. */
export const schemaSdl = async (): Promise<string> => `${printSchema(lexicographicSortSchema(await getSchema()))}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(SCHEMA_FILE, await schemaSdl());
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
