import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);

const TESTS = ['{domain,eventstore,projections,api,web,test}/**/*.{unit,int,e2e}.spec.{ts,tsx}'];
const EXCLUDED = ['**/node_modules/**', '**/*.browser.spec.ts'];
/** Test files that mock a module with vi.mock. */
const MOCKING = ['test/security/login-timing.e2e.spec.ts', 'domain/bank/statement-file.unit.spec.ts'];
/**
 * Test files whose assertions are types only (expectTypeOf, @ts-expect-error), listed in
 * tsconfig.type-tests.json: tsc checks them and what they import, and a type error there fails the
 * run (project `types`). Run as code, they would pass whatever the types said.
 */
const TYPE_TESTS: string[] = JSON.parse(readFileSync(new URL('./tsconfig.type-tests.json', import.meta.url), 'utf8')).include;

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Our sources would otherwise get graphql's ESM build while type-graphql and Apollo (external
    // CommonJS) use its CJS build: two realms of one library break instanceof checks.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on databases, servers and timers more than they compute: three at a time
    // finish the suite in about half the time of vitest's default on two cores (one worker).
    maxWorkers: 3,
    setupFiles: ['test/setup.ts'],
    projects: [
      // Files share their worker's loaded modules instead of loading the app again each (nearly
      // every file imports all of it): the suite took 730 s instead of 1,364 s on two cores. Each
      // file still opens its own databases and servers, and restores what it changes.
      // Only these start the compiled server (test/processes.ts), built once by the global setup.
      { extends: true, test: { name: 'shared', isolate: false, include: TESTS, exclude: [...EXCLUDED, ...MOCKING, ...TYPE_TESTS], globalSetup: ['test/global-setup.ts'] } },
      // vi.mock replaces a module for its file only, which needs the file's own module graph.
      { extends: true, test: { name: 'isolated', isolate: true, include: MOCKING, exclude: EXCLUDED } },
      // Checked by tsc (with tsconfig.type-tests.json), not run.
      { extends: true, test: { name: 'types', typecheck: { enabled: true, only: true, include: TYPE_TESTS, tsconfig: 'tsconfig.type-tests.json' } } },
    ],
  },
});
