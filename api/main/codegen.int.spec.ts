import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen';
import { SCHEMA_FILE, schemaSdl } from './emit-schema';

const root = path.resolve(import.meta.dirname, '../..');

// Fails when a resolver or a web operation changed without `npm run codegen`.
describe('generated GraphQL artefacts', () => {
  it('schema.graphql matches the schema the API builds', async () => {
    expect(fs.readFileSync(SCHEMA_FILE, 'utf8'), 'run `npm run codegen`').toBe(await schemaSdl());
  });

  it('the web client types match what codegen generates now', async () => {
    const files = await generate({ ...config, cwd: root, silent: true }, false);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const onDisk = fs.readFileSync(path.resolve(root, file.filename), 'utf8');
      expect(onDisk, `${file.filename} is stale: run \`npm run codegen\``).toBe(file.content);
    }
  });
});
